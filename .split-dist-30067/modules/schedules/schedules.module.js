"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var SchedulesModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.SchedulesModule = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const jobs_1 = require("../jobs");
const metrics_1 = require("../metrics");
const queue_1 = require("../queue");
const tracing_1 = require("../tracing");
const schedule_firer_1 = require("./schedule-firer");
const scheduler_service_1 = require("./scheduler.service");
const schedules_controller_1 = require("./schedules.controller");
const schedules_service_1 = require("./schedules.service");
/**
 * Recurring schedules: the scheduler on every instance (SCHEDULER_ENABLED), and with the API the
 * /schedules routes. Schedules live in the JobStore (QueueModule, global) beside the jobs.
 */
let SchedulesModule = SchedulesModule_1 = class SchedulesModule {
    static forRoot(api) {
        const scheduler = {
            provide: scheduler_service_1.SchedulerService,
            inject: [queue_1.JobStore, clock_1.CLOCK, app_config_1.AppConfig, metrics_1.ClaimqMetrics, tracing_1.JobTracer],
            useFactory: (store, clock, config, metrics, tracer) => {
                const logger = new common_1.Logger('Scheduler');
                const onPlanError = (name, error) => {
                    metrics.scheduleFireFailed();
                    logger.warn(`schedule ${name} could not be planned; it is tried again after SCHEDULER_LEASE_MS: ${(0, queue_1.errorText)(error)}`);
                };
                return new scheduler_service_1.SchedulerService(new schedule_firer_1.ScheduleFirer(store, clock, { batch: config.scheduler.batch, leaseMs: config.scheduler.leaseMs, misfireGraceMs: config.scheduler.misfireGraceMs, aheadMs: schedule_firer_1.FIRE_AHEAD_MS, onPlanError, hostGroups: config.hostGroups, tracer }, metrics), clock, { enabled: config.scheduler.enabled, pollMs: config.scheduler.pollMs, aheadMs: schedule_firer_1.FIRE_AHEAD_MS }, metrics);
            },
        };
        return {
            module: SchedulesModule_1,
            imports: api ? [jobs_1.JobsModule] : [],
            controllers: api ? [schedules_controller_1.SchedulesController] : [],
            providers: api ? [scheduler, schedules_service_1.SchedulesService] : [scheduler],
            exports: api ? [scheduler_service_1.SchedulerService, schedules_service_1.SchedulesService] : [scheduler_service_1.SchedulerService],
        };
    }
};
exports.SchedulesModule = SchedulesModule;
exports.SchedulesModule = SchedulesModule = SchedulesModule_1 = __decorate([
    (0, common_1.Module)({})
], SchedulesModule);
//# sourceMappingURL=schedules.module.js.map