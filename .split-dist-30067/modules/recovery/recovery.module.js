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
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const queue_1 = require("../queue");
const reaper_scheduler_1 = require("./reaper.scheduler");
const reaper_service_1 = require("./reaper.service");
const reaper_stats_1 = require("./reaper-stats");
const history_gap_stats_1 = require("./history-gap-stats");
/**
 * The reaper, on every instance (API and worker alike). ReaperStats and HistoryGapStats are what
 * the metrics and health modules read.
 */
let RecoveryModule = class RecoveryModule {
};
exports.RecoveryModule = RecoveryModule;
exports.RecoveryModule = RecoveryModule = __decorate([
    (0, common_1.Module)({
        providers: [
            reaper_stats_1.ReaperStats,
            history_gap_stats_1.HistoryGapStats,
            {
                provide: reaper_service_1.ReaperService,
                inject: [queue_1.JobStore, app_config_1.AppConfig, reaper_stats_1.ReaperStats, queue_1.CallbackEnqueuer, clock_1.CLOCK, history_gap_stats_1.HistoryGapStats],
                useFactory: (store, config, stats, callbacks, clock, gaps) => new reaper_service_1.ReaperService(store, config, stats, callbacks, clock, gaps),
            },
            reaper_scheduler_1.ReaperScheduler,
        ],
        exports: [reaper_service_1.ReaperService, reaper_stats_1.ReaperStats, history_gap_stats_1.HistoryGapStats],
    })
], RecoveryModule);
//# sourceMappingURL=recovery.module.js.map