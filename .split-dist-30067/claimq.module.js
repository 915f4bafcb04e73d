"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var ClaimqModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ClaimqModule = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const claimq_options_1 = require("./claimq-options");
const app_config_1 = require("./config/app-config");
const config_module_1 = require("./config/config.module");
const logging_module_1 = require("./logging/logging.module");
const audit_1 = require("./modules/audit");
const claim_1 = require("./modules/claim");
const executions_1 = require("./modules/executions");
const health_1 = require("./modules/health");
const history_1 = require("./modules/history");
const jobs_1 = require("./modules/jobs");
const metrics_1 = require("./modules/metrics");
const queue_1 = require("./modules/queue");
const recovery_1 = require("./modules/recovery");
const schedules_1 = require("./modules/schedules");
const tracing_1 = require("./modules/tracing");
/**
 * claimq as one NestJS module: the store, the REST API, the workers, the reaper, the execution
 * refresh, the scheduler of recurring schedules, health, metrics, logs, traces and (when a database is set) job history. The service's own
 * main.ts builds it from the environment; an app that embeds claimq imports it next to its own
 * @JobHandler providers:
 *
 *   ClaimqModule.forRoot({ store: { redis: 'redis://127.0.0.1:6379' }, queues: ['mail'] })
 *   ClaimqModule.forRootAsync({ inject: [ConfigService], useFactory: (c: ConfigService) => ({...}) })
 *
 * and calls configureApp(app) before listening (logs, API keys, body limits, validation, errors,
 * OpenAPI). Global to the app: only the configuration (AppConfig), the store (QueueModule), the
 * tracer (TracingModule) and history, which every part reads, and what @nestjs/schedule and nestjs-pino make global themselves.
 */
let ClaimqModule = ClaimqModule_1 = class ClaimqModule {
    static forRoot(options = {}) {
        const config = (0, claimq_options_1.claimqConfig)(options);
        return ClaimqModule_1.build(layoutOf(config), config_module_1.AppConfigModule.forRoot(config), options.tracerProvider);
    }
    static forRootAsync(options) {
        const mode = options.mode ?? 'all';
        const layout = { api: mode !== 'worker', workers: mode !== 'api', history: options.history ?? false };
        const configModule = config_module_1.AppConfigModule.forRootAsync({
            provide: app_config_1.AppConfig,
            inject: options.inject ?? [],
            useFactory: async (...args) => {
                const factoryOptions = await options.useFactory(...args);
                if (factoryOptions.tracerProvider !== undefined && factoryOptions.tracerProvider !== options.tracerProvider) {
                    throw new Error('claimq: forRootAsync takes tracerProvider in its own options (the tracer is built with the module), not from its factory');
                }
                const config = (0, claimq_options_1.claimqConfig)(factoryOptions);
                const built = layoutOf(config);
                for (const part of ['api', 'workers', 'history']) {
                    if (built[part] !== layout[part]) {
                        throw new Error(`claimq: forRootAsync was declared with ${part} ${layout[part] ? 'on' : 'off'}, but the options its factory returned turn it ${built[part] ? 'on' : 'off'} (mode: ${config.mode}, history: ${config.databaseUrl ? 'on' : 'off'})`);
                    }
                }
                return config;
            },
        }, options.imports);
        return ClaimqModule_1.build(layout, configModule, options.tracerProvider);
    }
    static build(layout, configModule, tracerProvider) {
        const history = history_1.HistoryModule.forRoot(layout.history);
        const imports = [
            configModule,
            schedule_1.ScheduleModule.forRoot(),
            logging_module_1.LoggingModule,
            tracing_1.TracingModule.forRoot(tracerProvider),
            queue_1.QueueModule,
            health_1.HealthModule,
            metrics_1.MetricsModule,
            recovery_1.RecoveryModule,
            history,
            executions_1.ExecutionsModule.forRoot(layout.api, history),
            schedules_1.SchedulesModule.forRoot(layout.api),
        ];
        if (layout.api)
            imports.push(jobs_1.JobsModule, audit_1.AuditModule);
        if (layout.workers)
            imports.push(claim_1.ClaimModule);
        return { module: ClaimqModule_1, imports, exports: [queue_1.QueueModule, schedules_1.SchedulesModule] };
    }
};
exports.ClaimqModule = ClaimqModule;
exports.ClaimqModule = ClaimqModule = ClaimqModule_1 = __decorate([
    (0, common_1.Module)({})
], ClaimqModule);
function layoutOf(config) {
    return { api: config.runsApi, workers: config.runsWorkers, history: config.databaseUrl !== undefined };
}
//# sourceMappingURL=claimq.module.js.map