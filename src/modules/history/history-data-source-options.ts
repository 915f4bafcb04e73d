import { DataSourceOptions } from 'typeorm';
import { ExecutionEntity } from './entities/execution.entity';
import { JobAttemptEntity } from './entities/job-attempt.entity';
import { JobRecordEntity } from './entities/job-record.entity';
import { HistoryGapEntity } from './entities/history-gap.entity';
import { AuditLogEntity } from './entities/audit-log.entity';
import { HISTORY_MIGRATIONS } from './history-migrations';

export const HISTORY_ENTITIES = [JobRecordEntity, JobAttemptEntity, ExecutionEntity, HistoryGapEntity, AuditLogEntity];

/**
 * The history database. `url` goes to pg as its connection string, so pg reads `sslmode`,
 * `sslrootcert` and the rest from it. The schema only changes through migrations: never
 * `synchronize` (tests run the migrations too).
 */
export function historyDataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: HISTORY_ENTITIES,
    migrations: HISTORY_MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    applicationName: 'claimq',
    connectTimeoutMS: 5_000,
    poolSize: 10,
  };
}
