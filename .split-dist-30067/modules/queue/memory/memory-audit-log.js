"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryAuditLog = void 0;
const audit_store_1 = require("../audit-store");
/** The in-memory audit trail: the latest `maxEntries` entries in id order, ids from 1. */
class MemoryAuditLog extends audit_store_1.AuditStore {
    maxEntries;
    /** Oldest first; ids only grow, so this is also sorted by id. */
    entries = [];
    lastId = 0;
    constructor(maxEntries) {
        super();
        this.maxEntries = maxEntries;
    }
    async append(entry) {
        const recorded = { id: String(++this.lastId), ...entry };
        this.entries.push(recorded);
        if (this.entries.length > this.maxEntries)
            this.entries.splice(0, this.entries.length - this.maxEntries);
        return recorded;
    }
    async list(limit, before) {
        const end = before === undefined ? this.entries.length : this.firstAtOrAbove(before);
        const found = [];
        for (let i = end - 1; i >= 0 && found.length <= limit; i--)
            found.push(this.entries[i]);
        return (0, audit_store_1.auditPage)(found, limit);
    }
    async oldest(limit) {
        return this.entries.slice(0, Math.max(0, limit));
    }
    async remove(ids) {
        const gone = new Set(ids);
        this.entries = this.entries.filter((e) => !gone.has(e.id));
    }
    /** The index of the first entry whose id is `id` or more (entries.length when none). */
    firstAtOrAbove(id) {
        let low = 0;
        let high = this.entries.length;
        while (low < high) {
            const mid = (low + high) >> 1;
            if (Number(this.entries[mid].id) < id)
                low = mid + 1;
            else
                high = mid;
        }
        return low;
    }
}
exports.MemoryAuditLog = MemoryAuditLog;
//# sourceMappingURL=memory-audit-log.js.map