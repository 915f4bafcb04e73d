"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HealthModule = void 0;
const common_1 = require("@nestjs/common");
const terminus_1 = require("@nestjs/terminus");
const health_controller_1 = require("./health.controller");
const history_database_health_1 = require("./history-database.health");
const job_store_health_1 = require("./job-store.health");
const history_gaps_health_1 = require("./history-gaps.health");
const recovery_1 = require("../recovery");
/**
 * /health/live (the process) and /health/ready (job store, Postgres when history is on, and the
 * history gaps this instance made, as a detail). StoreHealth comes from QueueModule and
 * HistoryDatabase from HistoryModule, both global; HistoryGapStats from RecoveryModule.
 */
let HealthModule = class HealthModule {
};
exports.HealthModule = HealthModule;
exports.HealthModule = HealthModule = __decorate([
    (0, common_1.Module)({
        imports: [terminus_1.TerminusModule.forRoot({ errorLogStyle: 'json' }), recovery_1.RecoveryModule],
        controllers: [health_controller_1.HealthController],
        providers: [job_store_health_1.JobStoreHealthIndicator, history_database_health_1.HistoryDatabaseHealthIndicator, history_gaps_health_1.HistoryGapsHealthIndicator],
    })
], HealthModule);
//# sourceMappingURL=health.module.js.map