import { DataSourceOptions } from 'typeorm';
import { ExecutionEntity } from './entities/execution.entity';
import { JobAttemptEntity } from './entities/job-attempt.entity';
import { JobRecordEntity } from './entities/job-record.entity';
import { HistoryGapEntity } from './entities/history-gap.entity';
import { AuditLogEntity } from './entities/audit-log.entity';
export declare const HISTORY_ENTITIES: (typeof ExecutionEntity | typeof JobAttemptEntity | typeof JobRecordEntity | typeof HistoryGapEntity | typeof AuditLogEntity)[];
/**
 * The history database. `url` goes to pg as its connection string, so pg reads `sslmode`,
 * `sslrootcert` and the rest from it. The schema only changes through migrations: never
 * `synchronize` (tests run the migrations too).
 */
export declare function historyDataSourceOptions(url: string): DataSourceOptions;
