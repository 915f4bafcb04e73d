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
const job_event_sources_1 = require("./events/job-event-sources");
const job_event_sources_factory_1 = require("./events/job-event-sources.factory");
const job_store_1 = require("../queue/job-store");
/**
 * Job history in PostgreSQL, on when DATABASE_URL is set. Without it this is an empty module:
 * nothing connects and nothing is exported, so callers inject HistoryQueryService @Optional().
 *
 * Exports HistoryQueryService (job, attempts, pages of jobs) and HistoryDatabase (the DataSource,
 * connected on first use, for the health check and the execution refresh).
 */
let HistoryModule = HistoryModule_1 = class HistoryModule {
    static forRoot(config) {
        const url = config.databaseUrl;
        if (url === undefined)
            return { module: HistoryModule_1 };
        return {
            module: HistoryModule_1,
            // Global: the API, health and metrics read history; each injects it @Optional(), and an
            // import of HistoryModule.forRoot per consumer would build the DataSource more than once.
            global: true,
            imports: [
                // Connected by HistoryDatabase on first use, not at start: Postgres down must not stop jobs.
                typeorm_1.TypeOrmModule.forRoot({ ...(0, history_data_source_options_1.historyDataSourceOptions)(url), manualInitialization: true }),
            ],
            providers: [
                {
                    provide: history_database_1.HistoryDatabase,
                    inject: [(0, typeorm_1.getDataSourceToken)()],
                    useFactory: (ds) => new history_database_1.HistoryDatabase(ds, { migrate: config.dbMigrate }),
                },
                { provide: job_event_sources_1.JobEventSources, inject: [app_config_1.AppConfig, job_store_1.JobStore], useFactory: job_event_sources_factory_1.createJobEventSources },
                history_query_service_1.HistoryQueryService,
                history_writer_service_1.HistoryWriterService,
            ],
            exports: [history_query_service_1.HistoryQueryService, history_database_1.HistoryDatabase],
        };
    }
};
exports.HistoryModule = HistoryModule;
exports.HistoryModule = HistoryModule = HistoryModule_1 = __decorate([
    (0, common_1.Module)({})
], HistoryModule);
//# sourceMappingURL=history.module.js.map