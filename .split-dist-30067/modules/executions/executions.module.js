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
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const history_1 = require("../history");
const jobs_1 = require("../jobs");
const queue_1 = require("../queue");
const tracing_1 = require("../tracing");
const recovery_1 = require("../recovery");
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
    /** `api`: this instance serves the REST API (the executions endpoints come with it). */
    static forRoot(api, history) {
        const imports = [recovery_1.RecoveryModule, history];
        const controllers = [];
        const providers = [
            execution_refresh_metrics_1.ExecutionRefreshMetrics,
            {
                provide: execution_refresher_1.ExecutionRefresher,
                inject: [queue_1.JobStore, execution_refresh_metrics_1.ExecutionRefreshMetrics, app_config_1.AppConfig, clock_1.CLOCK, tracing_1.JobTracer, { token: history_1.HistoryDatabase, optional: true }],
                useFactory: (store, metrics, config, clock, tracer, database) => {
                    const logger = new common_1.Logger(execution_refresher_1.ExecutionRefresher.name);
                    return new execution_refresher_1.ExecutionRefresher(store, database ? new execution_status_writer_1.PostgresExecutionStatusWriter(() => database.dataSource()) : undefined, clock, {
                        refresherId: (0, refresher_id_1.newRefresherId)(),
                        batch: config.refreshBatch,
                        maxPayloadBytes: config.maxPayloadBytes,
                        hostGroups: config.hostGroups,
                        tracer,
                        onRejected: (queue, rejected) => {
                            for (const r of rejected)
                                logger.error(`refresh set aside execution ${r.id} of queue ${queue}: PostgreSQL refused it (${r.reason})`);
                            metrics.rejected(queue, rejected.length);
                        },
                    });
                },
            },
            {
                provide: execution_refresh_service_1.ExecutionRefreshService,
                inject: [queue_1.JobStore, execution_refresher_1.ExecutionRefresher, execution_refresh_metrics_1.ExecutionRefreshMetrics, app_config_1.AppConfig],
                useFactory: (store, refresher, metrics, config) => new execution_refresh_service_1.ExecutionRefreshService(store, refresher, metrics, config.refreshBatch),
            },
            execution_refresh_scheduler_1.ExecutionRefreshScheduler,
        ];
        if (api) {
            imports.push(jobs_1.JobsModule);
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