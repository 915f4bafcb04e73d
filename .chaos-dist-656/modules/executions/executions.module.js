"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var ExecutionsModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExecutionsModule = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const clock_1 = require("../../domain/clock");
const history_database_1 = require("../history/history-database");
const jobs_module_1 = require("../jobs/jobs.module");
const job_store_1 = require("../queue/job-store");
const recovery_module_1 = require("../recovery/recovery.module");
const execution_refresh_metrics_1 = require("./execution-refresh.metrics");
const execution_refresh_scheduler_1 = require("./execution-refresh.scheduler");
const execution_refresh_service_1 = require("./execution-refresh.service");
const execution_refresher_1 = require("./execution-refresher");
const refresher_id_1 = require("./refresher-id");
const execution_status_writer_1 = require("./execution-status.writer");
const executions_controller_1 = require("./executions.controller");
const executions_service_1 = require("./executions.service");
/**
 * Executions: the refresh on every instance, the API where the API runs. `history` is the
 * application's HistoryModule (the same module object, so its DataSource is shared): with
 * DATABASE_URL set it provides HistoryDatabase and the refresh writes the `executions` table;
 * without it the status lives in the store only.
 */
let ExecutionsModule = ExecutionsModule_1 = class ExecutionsModule {
    static forRoot(config, history) {
        const imports = [schedule_1.ScheduleModule.forRoot(), recovery_module_1.RecoveryModule, history];
        const controllers = [];
        const providers = [
            execution_refresh_metrics_1.ExecutionRefreshMetrics,
            {
                provide: execution_refresher_1.ExecutionRefresher,
                inject: [job_store_1.JobStore, { token: history_database_1.HistoryDatabase, optional: true }],
                useFactory: (store, database) => new execution_refresher_1.ExecutionRefresher(store, database ? new execution_status_writer_1.PostgresExecutionStatusWriter(() => database.dataSource()) : undefined, clock_1.systemClock, {
                    refresherId: (0, refresher_id_1.newRefresherId)(),
                    batch: config.refreshBatch,
                    maxPayloadBytes: config.maxPayloadBytes,
                }),
            },
            {
                provide: execution_refresh_service_1.ExecutionRefreshService,
                inject: [job_store_1.JobStore, execution_refresher_1.ExecutionRefresher, execution_refresh_metrics_1.ExecutionRefreshMetrics],
                useFactory: (store, refresher, metrics) => new execution_refresh_service_1.ExecutionRefreshService(store, refresher, metrics, config.refreshBatch),
            },
            execution_refresh_scheduler_1.ExecutionRefreshScheduler,
        ];
        if (config.runsApi) {
            imports.push(jobs_module_1.JobsModule);
            controllers.push(executions_controller_1.ExecutionsController);
            providers.push(executions_service_1.ExecutionsService);
        }
        return { module: ExecutionsModule_1, imports, controllers, providers, exports: [execution_refresh_service_1.ExecutionRefreshService] };
    }
};
exports.ExecutionsModule = ExecutionsModule;
exports.ExecutionsModule = ExecutionsModule = ExecutionsModule_1 = __decorate([
    (0, common_1.Module)({})
], ExecutionsModule);
//# sourceMappingURL=executions.module.js.map