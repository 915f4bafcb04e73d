"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HISTORY_MIGRATIONS = void 0;
const _1767225600000_create_history_tables_1 = require("./migrations/1767225600000-create-history-tables");
const _1767312000000_add_execution_version_1 = require("./migrations/1767312000000-add-execution-version");
const _1767398400000_key_attempts_by_run_1 = require("./migrations/1767398400000-key-attempts-by-run");
const _1767484800000_partition_history_1 = require("./migrations/1767484800000-partition-history");
const _1767571200000_create_history_gaps_1 = require("./migrations/1767571200000-create-history-gaps");
const _1767657600000_add_job_schedule_1 = require("./migrations/1767657600000-add-job-schedule");
const _1767744000000_create_audit_log_1 = require("./migrations/1767744000000-create-audit-log");
/**
 * Every history migration, oldest first. Listed as classes rather than a file glob so the same
 * list works from the compiled dist, from the TypeORM CLI and under Vitest. Add new ones here.
 */
exports.HISTORY_MIGRATIONS = [
    _1767225600000_create_history_tables_1.CreateHistoryTables1767225600000,
    _1767312000000_add_execution_version_1.AddExecutionVersion1767312000000,
    _1767398400000_key_attempts_by_run_1.KeyAttemptsByRun1767398400000,
    _1767484800000_partition_history_1.PartitionHistory1767484800000,
    _1767571200000_create_history_gaps_1.CreateHistoryGaps1767571200000,
    _1767657600000_add_job_schedule_1.AddJobSchedule1767657600000,
    _1767744000000_create_audit_log_1.CreateAuditLog1767744000000,
];
//# sourceMappingURL=history-migrations.js.map