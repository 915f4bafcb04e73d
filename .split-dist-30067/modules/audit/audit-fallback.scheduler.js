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
var AuditFallbackScheduler_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuditFallbackScheduler = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const periodic_pass_1 = require("../../scheduling/periodic-pass");
const queue_1 = require("../queue");
const audit_trail_service_1 = require("./audit-trail.service");
/** How often an instance with history on looks for audit entries waiting in the job store. */
const EVERY_MS = 10_000;
/** Batches per pass: a pass moves at most this many x AUDIT_MOVE_BATCH entries. */
const MAX_BATCHES = 20;
/**
 * With job history on, moves the audit entries the job store took while PostgreSQL was down into
 * PostgreSQL (AuditTrail.moveFallback), every 10 s, batch after batch until none is left. With
 * history off there is nothing to move and the pass returns at once.
 */
let AuditFallbackScheduler = class AuditFallbackScheduler extends periodic_pass_1.ScheduledPass {
    static { AuditFallbackScheduler_1 = this; }
    trail;
    static INTERVAL_NAME = 'claimq-audit-fallback';
    logger = new common_1.Logger('Audit');
    failing = false;
    constructor(trail, registry) {
        super(registry, AuditFallbackScheduler_1.INTERVAL_NAME, EVERY_MS, () => this.pass());
        this.trail = trail;
    }
    async pass() {
        if (!this.trail.hasFallback)
            return;
        let moved = 0;
        try {
            for (let i = 0; i < MAX_BATCHES; i++) {
                const n = await this.trail.moveFallback();
                moved += n;
                if (n < audit_trail_service_1.AUDIT_MOVE_BATCH)
                    break;
            }
            this.failing = false;
        }
        catch (err) {
            // PostgreSQL still down (or the store): said once, tried again next pass
            if (!this.failing)
                this.logger.warn(`audit: moving entries from the job store to PostgreSQL failed, retrying every ${EVERY_MS / 1000} s: ${(0, queue_1.errorText)(err)}`);
            this.failing = true;
        }
        if (moved > 0)
            this.logger.log(`audit: moved ${moved} entries recorded while PostgreSQL was unavailable into it`);
    }
};
exports.AuditFallbackScheduler = AuditFallbackScheduler;
exports.AuditFallbackScheduler = AuditFallbackScheduler = AuditFallbackScheduler_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [audit_trail_service_1.AuditTrail,
        schedule_1.SchedulerRegistry])
], AuditFallbackScheduler);
//# sourceMappingURL=audit-fallback.scheduler.js.map