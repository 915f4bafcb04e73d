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
var ExecutionRefreshScheduler_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExecutionRefreshScheduler = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const app_config_1 = require("../../config/app-config");
const periodic_pass_1 = require("../../scheduling/periodic-pass");
const execution_refresh_service_1 = require("./execution-refresh.service");
/** Thin schedule: every REFRESH_INTERVAL_MS one pass, never two at once in this process. */
let ExecutionRefreshScheduler = class ExecutionRefreshScheduler extends periodic_pass_1.ScheduledPass {
    static { ExecutionRefreshScheduler_1 = this; }
    static INTERVAL_NAME = 'claimq-execution-refresh';
    constructor(refresh, registry, config) {
        super(registry, ExecutionRefreshScheduler_1.INTERVAL_NAME, config.refreshIntervalMs, () => refresh.runPass());
    }
};
exports.ExecutionRefreshScheduler = ExecutionRefreshScheduler;
exports.ExecutionRefreshScheduler = ExecutionRefreshScheduler = ExecutionRefreshScheduler_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [execution_refresh_service_1.ExecutionRefreshService, schedule_1.SchedulerRegistry, app_config_1.AppConfig])
], ExecutionRefreshScheduler);
//# sourceMappingURL=execution-refresh.scheduler.js.map