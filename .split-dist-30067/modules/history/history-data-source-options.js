"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HISTORY_ENTITIES = void 0;
exports.historyDataSourceOptions = historyDataSourceOptions;
const execution_entity_1 = require("./entities/execution.entity");
const job_attempt_entity_1 = require("./entities/job-attempt.entity");
const job_record_entity_1 = require("./entities/job-record.entity");
const history_gap_entity_1 = require("./entities/history-gap.entity");
const audit_log_entity_1 = require("./entities/audit-log.entity");
const history_migrations_1 = require("./history-migrations");
exports.HISTORY_ENTITIES = [job_record_entity_1.JobRecordEntity, job_attempt_entity_1.JobAttemptEntity, execution_entity_1.ExecutionEntity, history_gap_entity_1.HistoryGapEntity, audit_log_entity_1.AuditLogEntity];
/**
 * The history database. `url` goes to pg as its connection string, so pg reads `sslmode`,
 * `sslrootcert` and the rest from it. The schema only changes through migrations: never
 * `synchronize` (tests run the migrations too).
 */
function historyDataSourceOptions(url) {
    return {
        type: 'postgres',
        url,
        entities: exports.HISTORY_ENTITIES,
        migrations: history_migrations_1.HISTORY_MIGRATIONS,
        migrationsTransactionMode: 'each',
        synchronize: false,
        migrationsRun: false,
        applicationName: 'claimq',
        connectTimeoutMS: 5_000,
        poolSize: 10,
    };
}
//# sourceMappingURL=history-data-source-options.js.map