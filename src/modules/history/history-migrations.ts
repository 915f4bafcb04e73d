import { CreateHistoryTables1767225600000 } from './migrations/1767225600000-create-history-tables';
import { AddExecutionVersion1767312000000 } from './migrations/1767312000000-add-execution-version';
import { KeyAttemptsByRun1767398400000 } from './migrations/1767398400000-key-attempts-by-run';
import { PartitionHistory1767484800000 } from './migrations/1767484800000-partition-history';
import { CreateHistoryGaps1767571200000 } from './migrations/1767571200000-create-history-gaps';
import { AddJobSchedule1767657600000 } from './migrations/1767657600000-add-job-schedule';
import { CreateAuditLog1767744000000 } from './migrations/1767744000000-create-audit-log';
import { AddGraphCounts1767830400000 } from './migrations/1767830400000-add-graph-counts';
import { AddJobGraph1767916800000 } from './migrations/1767916800000-add-job-graph';
import { KeepProgressAndLogs1768003200000 } from './migrations/1768003200000-keep-progress-and-logs';

/**
 * Every history migration, oldest first. Listed as classes rather than a file glob so the same
 * list works from the compiled dist, from the TypeORM CLI and under Vitest. Add new ones here.
 */
export const HISTORY_MIGRATIONS = [
  CreateHistoryTables1767225600000,
  AddExecutionVersion1767312000000,
  KeyAttemptsByRun1767398400000,
  PartitionHistory1767484800000,
  CreateHistoryGaps1767571200000,
  AddJobSchedule1767657600000,
  CreateAuditLog1767744000000,
  AddGraphCounts1767830400000,
  AddJobGraph1767916800000,
  KeepProgressAndLogs1768003200000,
];
