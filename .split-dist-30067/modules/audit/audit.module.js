"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuditModule = void 0;
const common_1 = require("@nestjs/common");
const http_1 = require("../../http");
const history_1 = require("../history");
const queue_1 = require("../queue");
const audit_controller_1 = require("./audit.controller");
const audit_fallback_scheduler_1 = require("./audit-fallback.scheduler");
const audit_trail_service_1 = require("./audit-trail.service");
const postgres_audit_log_1 = require("./postgres-audit-log");
/**
 * Who calls and what they change, where the API runs: GET /whoami, GET /audit, and the
 * recorder behind every @Audited route (src/http/audited.decorator.ts: its interceptor records
 * after the route succeeds). Global, so that the interceptor finds AUDIT_RECORDER in the module
 * of any audited controller.
 * The trail is in PostgreSQL when job history is on (HistoryModule, global then), else in the job
 * store (QueueModule, global); with history on, entries the store took while PostgreSQL was down
 * are moved into it by AuditFallbackScheduler.
 */
let AuditModule = class AuditModule {
};
exports.AuditModule = AuditModule;
exports.AuditModule = AuditModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        controllers: [audit_controller_1.AuditController],
        providers: [
            {
                provide: audit_trail_service_1.AuditTrail,
                inject: [queue_1.JobStore, { token: history_1.HistoryDatabase, optional: true }],
                useFactory: (store, database) => new audit_trail_service_1.AuditTrail(store.audit, database ? new postgres_audit_log_1.PostgresAuditLog(() => database.dataSource()) : undefined),
            },
            { provide: http_1.AUDIT_RECORDER, useExisting: audit_trail_service_1.AuditTrail },
            audit_fallback_scheduler_1.AuditFallbackScheduler,
        ],
        exports: [http_1.AUDIT_RECORDER],
    })
], AuditModule);
//# sourceMappingURL=audit.module.js.map