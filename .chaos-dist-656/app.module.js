"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var AppModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.AppModule = void 0;
const common_1 = require("@nestjs/common");
const config_module_1 = require("./config/config.module");
const claim_module_1 = require("./modules/claim/claim.module");
const health_module_1 = require("./modules/health/health.module");
const executions_module_1 = require("./modules/executions/executions.module");
const history_module_1 = require("./modules/history/history.module");
const jobs_module_1 = require("./modules/jobs/jobs.module");
const logging_module_1 = require("./logging/logging.module");
const metrics_module_1 = require("./modules/metrics/metrics.module");
const queue_module_1 = require("./modules/queue/queue.module");
const recovery_module_1 = require("./modules/recovery/recovery.module");
/**
 * MODE decides what starts: the API (enqueue, read), the workers, or both. Logs, health, metrics,
 * the reaper, the execution refresh and the history writer (when DATABASE_URL is set) run on every
 * instance.
 */
let AppModule = AppModule_1 = class AppModule {
    static forRoot(config) {
        const history = history_module_1.HistoryModule.forRoot(config);
        const imports = [
            config_module_1.AppConfigModule.forRoot(config),
            logging_module_1.LoggingModule.forRoot(config),
            queue_module_1.QueueModule,
            health_module_1.HealthModule,
            metrics_module_1.MetricsModule,
            recovery_module_1.RecoveryModule,
            history,
            executions_module_1.ExecutionsModule.forRoot(config, history),
        ];
        if (config.runsApi)
            imports.push(jobs_module_1.JobsModule);
        if (config.runsWorkers)
            imports.push(claim_module_1.ClaimModule);
        return { module: AppModule_1, imports };
    }
};
exports.AppModule = AppModule;
exports.AppModule = AppModule = AppModule_1 = __decorate([
    (0, common_1.Module)({})
], AppModule);
//# sourceMappingURL=app.module.js.map