"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var ReaperScheduler_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReaperScheduler = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const app_config_1 = require("../../config/app-config");
const periodic_pass_1 = require("../../scheduling/periodic-pass");
const reaper_service_1 = require("./reaper.service");
/**
 * Thin schedule: every REAPER_INTERVAL_MS, one pass, never two at once in this process
 * (other instances may run theirs concurrently; the store's scripts make that safe).
 */
let ReaperScheduler = class ReaperScheduler extends periodic_pass_1.ScheduledPass {
    static { ReaperScheduler_1 = this; }
    static INTERVAL_NAME = 'claimq-reaper';
    constructor(reaper, registry, config) {
        super(registry, ReaperScheduler_1.INTERVAL_NAME, config.reaperIntervalMs, () => reaper.runPass());
    }
};
exports.ReaperScheduler = ReaperScheduler;
exports.ReaperScheduler = ReaperScheduler = ReaperScheduler_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [reaper_service_1.ReaperService, schedule_1.SchedulerRegistry, app_config_1.AppConfig])
], ReaperScheduler);
//# sourceMappingURL=reaper.scheduler.js.map