"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PostgresAuditLog = void 0;
exports.movedOrigin = movedOrigin;
const errors_1 = require("../../domain/errors");
/** The audit trail in PostgreSQL (table audit_log, a history migration), for instances with history on. */
class PostgresAuditLog {
    dataSource;
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    async append(entry) {
        const ds = await this.dataSource();
        const [row] = (await ds.query(`INSERT INTO audit_log (at, key_id, action, target, details) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
            new Date(entry.at),
            entry.keyId,
            entry.action,
            entry.target,
            entry.details === undefined ? null : JSON.stringify(entry.details),
        ]));
        return { id: String(row.id), ...entry };
    }
    /**
     * Entries the job store took while PostgreSQL refused them, with their own time, in the order
     * given (oldest first). Each row keeps where it came from (`origin`: the store entry's id and
     * time), unique, so instances moving the same entries at once insert each one once.
     */
    async appendMoved(entries) {
        if (entries.length === 0)
            return 0;
        const ds = await this.dataSource();
        const rows = entries.map((e, n) => ({ n, at: new Date(e.at).toISOString(), key_id: e.keyId, action: e.action, target: e.target, details: e.details ?? null, origin: movedOrigin(e) }));
        const inserted = (await ds.query(`INSERT INTO audit_log (at, key_id, action, target, details, origin)
       SELECT r.at, r.key_id, r.action, r.target, r.details, r.origin
       FROM jsonb_to_recordset($1::jsonb) AS r(n int, at timestamptz, key_id text, action text, target text, details jsonb, origin text)
       ORDER BY r.n
       ON CONFLICT (origin) WHERE origin IS NOT NULL DO NOTHING
       RETURNING id`, [JSON.stringify(rows)]));
        return inserted.length;
    }
    async list(limit, before) {
        let rows;
        try {
            const ds = await this.dataSource();
            rows = (await ds.query(`SELECT id, at, key_id, action, target, details FROM audit_log WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`, [before ?? null, limit + 1]));
        }
        catch (err) {
            throw new errors_1.StoreUnavailableError(`the audit trail (job history) is unavailable: ${err instanceof Error ? err.message : String(err)}`);
        }
        const items = rows.slice(0, limit).map(fromRow);
        return { items, nextCursor: rows.length > limit ? items[items.length - 1].id : null };
    }
}
exports.PostgresAuditLog = PostgresAuditLog;
/** Where a moved entry came from: the job store's entry id and time (ids restart with a new store). */
function movedOrigin(entry) {
    return `store:${entry.id}:${entry.at}`;
}
function fromRow(row) {
    const entry = { id: String(row.id), at: new Date(row.at).getTime(), keyId: row.key_id, action: row.action, target: row.target };
    if (row.details !== null)
        entry.details = row.details;
    return entry;
}
//# sourceMappingURL=postgres-audit-log.js.map