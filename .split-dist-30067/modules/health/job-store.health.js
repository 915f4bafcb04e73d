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
exports.JobStoreHealthIndicator = void 0;
const common_1 = require("@nestjs/common");
const terminus_1 = require("@nestjs/terminus");
const queue_1 = require("../queue");
const health_check_timeout_1 = require("./health-check-timeout");
const within_timeout_1 = require("../../common/within-timeout");
/**
 * The job store answers (Redis: PING on the store's connection) and its settings are fit (Redis:
 * version, and an eviction policy that cannot delete job keys). Named after the store: `redis`, `memory`.
 */
let JobStoreHealthIndicator = class JobStoreHealthIndicator {
    store;
    indicators;
    constructor(store, indicators) {
        this.store = store;
        this.indicators = indicators;
    }
    async check() {
        const indicator = this.indicators.check(this.store.name);
        try {
            await (0, within_timeout_1.withinTimeout)(this.store.ping(), health_check_timeout_1.HEALTH_CHECK_TIMEOUT_MS);
            const { details, unfit } = await (0, within_timeout_1.withinTimeout)(this.store.settings(), health_check_timeout_1.HEALTH_CHECK_TIMEOUT_MS);
            return unfit ? indicator.down({ message: unfit, ...details }) : indicator.up(details);
        }
        catch (err) {
            return indicator.down({ message: err instanceof Error ? err.message : String(err) });
        }
    }
};
exports.JobStoreHealthIndicator = JobStoreHealthIndicator;
exports.JobStoreHealthIndicator = JobStoreHealthIndicator = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [queue_1.StoreHealth,
        terminus_1.HealthIndicatorService])
], JobStoreHealthIndicator);
//# sourceMappingURL=job-store.health.js.map