"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuditTrail = exports.AUDIT_MOVE_BATCH = void 0;
const common_1 = require("@nestjs/common");
const audit_1 = require("../../domain/audit");
const queue_1 = require("../queue");
/** Entries moved from the job store to PostgreSQL per call of moveFallback. */
exports.AUDIT_MOVE_BATCH = 500;
/**
 * Where the audit trail goes: PostgreSQL when job history is on (the instance that served the
 * change writes the row itself), else the job store. An insert PostgreSQL refuses (down, say) is
 * logged and the entry goes to the job store instead, so a change is never left unrecorded
 * because history is down; once PostgreSQL answers again, moveFallback (AuditFallbackScheduler)
 * moves those entries into it, where GET /audit reads (README, Audit trail).
 */
class AuditTrail {
    store;
    postgres;
    logger = new common_1.Logger('Audit');
    constructor(store, postgres) {
        this.store = store;
        this.postgres = postgres;
    }
    /** Whether entries can wait in the job store for PostgreSQL (history on). */
    get hasFallback() {
        return this.postgres !== undefined;
    }
    /**
     * Moves the entries the job store took while PostgreSQL was down into PostgreSQL, oldest first,
     * up to `batch`; returns how many were moved (0 with history off, or nothing waiting). Safe on
     * several instances at once: a row remembers its store entry (unique), and an entry leaves the
     * store only after PostgreSQL holds it. Throws when either side is unreachable (the next pass
     * tries again).
     */
    async moveFallback(batch = exports.AUDIT_MOVE_BATCH) {
        if (!this.postgres)
            return 0;
        const waiting = await this.store.oldest(batch);
        if (waiting.length === 0)
            return 0;
        await this.postgres.appendMoved(waiting);
        await this.store.remove(waiting.map((e) => e.id));
        return waiting.length;
    }
    /** Records `entry`; never throws (the change it records has already been made). */
    async record(entry) {
        const bounded = { ...entry, details: (0, audit_1.boundedAuditDetails)(entry.details) };
        if (bounded.details === undefined)
            delete bounded.details;
        if (this.postgres) {
            try {
                await this.postgres.append(bounded);
                return;
            }
            catch (err) {
                this.logger.error(`audit: PostgreSQL did not take ${entry.action} ${entry.target}; recorded in the job store instead: ${(0, queue_1.errorText)(err)}`);
            }
        }
        try {
            await this.store.append(bounded);
        }
        catch (err) {
            this.logger.error(`audit: ${entry.action} ${entry.target} by ${entry.keyId ?? 'open access'} was not recorded: ${(0, queue_1.errorText)(err)}`);
        }
    }
    list(limit, before) {
        return (this.postgres ?? this.store).list(limit, before);
    }
}
exports.AuditTrail = AuditTrail;
//# sourceMappingURL=audit-trail.service.js.map