"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisAuditLog = void 0;
const node_crypto_1 = require("node:crypto");
const audit_store_1 = require("../audit-store");
/**
 * The Redis audit trail: one zset in AUDIT_KEY_SPACE's slot (audit-append.lua), members
 * '<id> <at> <json>' scored by id, so a page is one ZREVRANGEBYSCORE below the cursor.
 */
class RedisAuditLog extends audit_store_1.AuditStore {
    redis;
    keys;
    runAppend;
    call;
    maxEntries;
    constructor(redis, keys, runAppend, call, maxEntries) {
        super();
        this.redis = redis;
        this.keys = keys;
        this.runAppend = runAppend;
        this.call = call;
        this.maxEntries = maxEntries;
    }
    async append(entry) {
        const { at, ...rest } = entry;
        // the call id leads the JSON, so a resend of this very append finds its entry (audit-append.lua)
        const call = (0, node_crypto_1.randomBytes)(8).toString('hex');
        const id = await this.call(() => this.runAppend(at, [this.maxEntries, JSON.stringify({ call, ...rest }), call]));
        return { id: String(id), ...entry };
    }
    async list(limit, before) {
        const count = Math.max(1, Math.floor(limit));
        const members = await this.call(() => this.redis.zrevrangebyscore(this.keys.auditLog, before === undefined ? '+inf' : `(${before}`, '-inf', 'LIMIT', 0, count + 1));
        return (0, audit_store_1.auditPage)(members.map(decodeAuditMember), count);
    }
    async oldest(limit) {
        if (limit < 1)
            return [];
        const members = await this.call(() => this.redis.zrange(this.keys.auditLog, 0, Math.floor(limit) - 1));
        return members.map(decodeAuditMember);
    }
    async remove(ids) {
        if (ids.length === 0)
            return;
        // members are scored by their id: one ZREMRANGEBYSCORE each, in one slot, in one MULTI
        await this.call(() => {
            const multi = this.redis.multi();
            for (const id of ids)
                multi.zremrangebyscore(this.keys.auditLog, id, id);
            return multi.exec();
        });
    }
}
exports.RedisAuditLog = RedisAuditLog;
function decodeAuditMember(member) {
    const first = member.indexOf(' ');
    const second = member.indexOf(' ', first + 1);
    const fields = JSON.parse(member.slice(second + 1));
    const entry = { id: member.slice(0, first), at: Number(member.slice(first + 1, second)), keyId: fields.keyId, action: fields.action, target: fields.target };
    if (fields.details !== undefined)
        entry.details = fields.details;
    return entry;
}
//# sourceMappingURL=redis-audit-log.js.map