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
Object.defineProperty(exports, "__esModule", { value: true });
exports.LeaseHeartbeatScheduler = exports.LEASE_HEARTBEAT_INTERVAL = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const app_config_1 = require("../../config/app-config");
const lease_heartbeat_service_1 = require("./lease-heartbeat.service");
exports.LEASE_HEARTBEAT_INTERVAL = 'claimq.lease-heartbeat';
/**
 * The Nest edge of the heartbeat: an interval of HEARTBEAT_MS (from config, so registered
 * dynamically rather than with @Interval) that calls LeaseHeartbeatService.beat(). A beat still
 * running when the next one is due is not doubled (the service shares the beat in flight).
 * It keeps beating through the shutdown grace period, and is removed only when the app is down.
 */
let LeaseHeartbeatScheduler = class LeaseHeartbeatScheduler {
    schedulerRegistry;
    heartbeat;
    config;
    constructor(schedulerRegistry, heartbeat, config) {
        this.schedulerRegistry = schedulerRegistry;
        this.heartbeat = heartbeat;
        this.config = config;
    }
    onApplicationBootstrap() {
        const interval = setInterval(() => void this.heartbeat.beat(), this.config.heartbeatMs);
        this.schedulerRegistry.addInterval(exports.LEASE_HEARTBEAT_INTERVAL, interval);
    }
    onApplicationShutdown() {
        if (this.schedulerRegistry.doesExist('interval', exports.LEASE_HEARTBEAT_INTERVAL))
            this.schedulerRegistry.deleteInterval(exports.LEASE_HEARTBEAT_INTERVAL);
    }
};
exports.LeaseHeartbeatScheduler = LeaseHeartbeatScheduler;
exports.LeaseHeartbeatScheduler = LeaseHeartbeatScheduler = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [schedule_1.SchedulerRegistry,
        lease_heartbeat_service_1.LeaseHeartbeatService,
        app_config_1.AppConfig])
], LeaseHeartbeatScheduler);
//# sourceMappingURL=lease-heartbeat.scheduler.js.map