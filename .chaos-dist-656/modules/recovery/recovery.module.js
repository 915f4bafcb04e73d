"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RecoveryModule = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const app_config_1 = require("../../config/app-config");
const job_store_1 = require("../queue/job-store");
const reaper_scheduler_1 = require("./reaper.scheduler");
const reaper_service_1 = require("./reaper.service");
const reaper_stats_1 = require("./reaper-stats");
/** The reaper, on every instance (API and worker alike). ReaperStats is what a metrics module reads. */
let RecoveryModule = class RecoveryModule {
};
exports.RecoveryModule = RecoveryModule;
exports.RecoveryModule = RecoveryModule = __decorate([
    (0, common_1.Module)({
        imports: [schedule_1.ScheduleModule.forRoot()],
        providers: [
            reaper_stats_1.ReaperStats,
            {
                provide: reaper_service_1.ReaperService,
                inject: [job_store_1.JobStore, app_config_1.AppConfig, reaper_stats_1.ReaperStats],
                useFactory: (store, config, stats) => new reaper_service_1.ReaperService(store, config, stats),
            },
            reaper_scheduler_1.ReaperScheduler,
        ],
        exports: [reaper_service_1.ReaperService, reaper_stats_1.ReaperStats],
    })
], RecoveryModule);
//# sourceMappingURL=recovery.module.js.map