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
exports.HealthController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const terminus_1 = require("@nestjs/terminus");
const history_database_health_1 = require("./history-database.health");
const job_store_health_1 = require("./job-store.health");
const history_gaps_health_1 = require("./history-gaps.health");
let HealthController = class HealthController {
    health;
    store;
    history;
    gaps;
    constructor(health, store, history, gaps) {
        this.health = health;
        this.store = store;
        this.history = history;
        this.gaps = gaps;
    }
    /** Liveness: the process answers. No dependency is checked, so a Redis outage never restarts pods. */
    live() {
        return this.health.check([]);
    }
    /**
     * Readiness: the job store answers (Redis PING) and, when history is on, Postgres answers
     * `SELECT 1`, each within a second. 503 names the failing indicator under `error`.
     * `historyGaps` is always up: job events this instance dropped unread (HISTORY_BACKLOG_MAX_MB)
     * are a detail here, not a reason to take it out of service.
     */
    ready() {
        const checks = [() => this.store.check()];
        if (this.history.enabled)
            checks.push(() => this.history.check());
        checks.push(() => this.gaps.check());
        return this.health.check(checks);
    }
};
exports.HealthController = HealthController;
__decorate([
    (0, common_1.Get)('live'),
    (0, terminus_1.HealthCheck)(),
    (0, swagger_1.ApiOperation)({ operationId: 'getLiveness', summary: 'Liveness: the process answers (no dependency is checked)' }),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Promise)
], HealthController.prototype, "live", null);
__decorate([
    (0, common_1.Get)('ready'),
    (0, terminus_1.HealthCheck)(),
    (0, swagger_1.ApiOkResponse)({ description: 'Every dependency answered; `info` lists them (redis or memory, postgres) and `historyGaps`, the history events this instance dropped' }),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'Not ready: `error` names each failing indicator and why' }),
    (0, swagger_1.ApiOperation)({ operationId: 'getReadiness', summary: 'Readiness: the job store (and job history, when on) answers' }),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Promise)
], HealthController.prototype, "ready", null);
exports.HealthController = HealthController = __decorate([
    (0, swagger_1.ApiTags)('health'),
    (0, common_1.Controller)('health'),
    __metadata("design:paramtypes", [terminus_1.HealthCheckService,
        job_store_health_1.JobStoreHealthIndicator,
        history_database_health_1.HistoryDatabaseHealthIndicator,
        history_gaps_health_1.HistoryGapsHealthIndicator])
], HealthController);
//# sourceMappingURL=health.controller.js.map