"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var HistoryModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryModule = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const app_config_1 = require("../../config/app-config");
const history_data_source_options_1 = require("./history-data-source-options");
const history_database_1 = require("./history-database");
const history_query_service_1 = require("./query/history-query.service");
const history_writer_service_1 = require("./history-writer.service");
const history_backlog_metrics_1 = require("./history-backlog.metrics");
const consumer_name_1 = require("./consumer-name");
const queue_1 = require("../queue");
const history_partitions_scheduler_1 = require("./partitions/history-partitions.scheduler");
/**
 * Job history in PostgreSQL, on when DATABASE_URL is set. Without it this is an empty module:
 * nothing connects and nothing is exported, so callers inject HistoryQueryService @Optional().
 *
 * Exports HistoryQueryService (job, attempts, pages of jobs) and HistoryDatabase (the DataSource,
 * connected on first use, for the health check and the execution refresh).
 */
let HistoryModule = HistoryModule_1 = class HistoryModule {
    /** `enabled`: the configuration names a database (DATABASE_URL, or the history option). */
    static forRoot(enabled) {
        if (!enabled)
            return { module: HistoryModule_1 };
        return {
            module: HistoryModule_1,
            // Global: the API, health and metrics read history; each injects it @Optional(), and an
            // import of HistoryModule.forRoot per consumer would build the DataSource more than once.
            global: true,
            imports: [
                // Connected by HistoryDatabase on first use, not at start: Postgres down must not stop jobs.
                typeorm_1.TypeOrmModule.forRootAsync({
                    inject: [app_config_1.AppConfig],
                    useFactory: (config) => ({ ...(0, history_data_source_options_1.historyDataSourceOptions)(requireDatabaseUrl(config)), manualInitialization: true }),
                }),
            ],
            providers: [
                {
                    provide: history_database_1.HistoryDatabase,
                    inject: [(0, typeorm_1.getDataSourceToken)(), app_config_1.AppConfig],
                    useFactory: (ds, config) => new history_database_1.HistoryDatabase(ds, { migrate: config.dbMigrate }),
                },
                {
                    provide: queue_1.JobEventSources,
                    inject: [queue_1.JobStore],
                    useFactory: (store) => {
                        const logger = new common_1.Logger('History');
                        return store.eventSources({
                            consumer: (0, consumer_name_1.historyConsumerName)(),
                            onDropped: (entry, reason) => logger.error(`history dropped stream entry ${entry}: ${reason}`),
                        });
                    },
                },
                history_query_service_1.HistoryQueryService,
                history_writer_service_1.HistoryWriterService,
                history_backlog_metrics_1.HistoryBacklogMetrics,
                history_partitions_scheduler_1.HistoryPartitionsScheduler,
            ],
            exports: [history_query_service_1.HistoryQueryService, history_database_1.HistoryDatabase],
        };
    }
};
exports.HistoryModule = HistoryModule;
exports.HistoryModule = HistoryModule = HistoryModule_1 = __decorate([
    (0, common_1.Module)({})
], HistoryModule);
function requireDatabaseUrl(config) {
    if (config.databaseUrl === undefined)
        throw new Error('claimq: history is on, but no database URL is set (DATABASE_URL, or the history option)');
    return config.databaseUrl;
}
//# sourceMappingURL=history.module.js.map