import { DataSource } from 'typeorm';
import { AuditEntry, AuditPage, NewAuditEntry } from '../../domain/audit';
import { StoreUnavailableError } from '../../domain/errors';
import { AuditDatabase } from './audit-trail.service';

interface AuditRow {
  id: string;
  at: Date;
  key_id: string | null;
  action: string;
  target: string;
  details: Record<string, unknown> | null;
}

/** The audit trail in PostgreSQL (table audit_log, a history migration), for instances with history on. */
export class PostgresAuditLog implements AuditDatabase {
  constructor(private readonly dataSource: () => Promise<DataSource>) {}

  async append(entry: NewAuditEntry): Promise<AuditEntry> {
    const ds = await this.dataSource();
    const [row] = (await ds.query(`INSERT INTO audit_log (at, key_id, action, target, details) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
      new Date(entry.at),
      entry.keyId,
      entry.action,
      entry.target,
      entry.details === undefined ? null : JSON.stringify(entry.details),
    ])) as { id: string }[];
    return { id: String(row.id), ...entry };
  }

  /**
   * Entries the job store took while PostgreSQL refused them, with their own time, in the order
   * given (oldest first). Each row keeps where it came from (`origin`: the store entry's id and
   * time), unique, so instances moving the same entries at once insert each one once.
   */
  async appendMoved(entries: AuditEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const ds = await this.dataSource();
    const rows = entries.map((e, n) => ({ n, at: new Date(e.at).toISOString(), key_id: e.keyId, action: e.action, target: e.target, details: e.details ?? null, origin: movedOrigin(e) }));
    const inserted = (await ds.query(
      `INSERT INTO audit_log (at, key_id, action, target, details, origin)
       SELECT r.at, r.key_id, r.action, r.target, r.details, r.origin
       FROM jsonb_to_recordset($1::jsonb) AS r(n int, at timestamptz, key_id text, action text, target text, details jsonb, origin text)
       ORDER BY r.n
       ON CONFLICT (origin) WHERE origin IS NOT NULL DO NOTHING
       RETURNING id`,
      [JSON.stringify(rows)],
    )) as unknown[];
    return inserted.length;
  }

  async list(limit: number, before?: number): Promise<AuditPage> {
    let rows: AuditRow[];
    try {
      const ds = await this.dataSource();
      rows = (await ds.query(
        `SELECT id, at, key_id, action, target, details FROM audit_log WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
        [before ?? null, limit + 1],
      )) as AuditRow[];
    } catch (err) {
      throw new StoreUnavailableError(`the audit trail (job history) is unavailable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const items = rows.slice(0, limit).map(fromRow);
    return { items, nextCursor: rows.length > limit ? items[items.length - 1].id : null };
  }
}

/** Where a moved entry came from: the job store's entry id and time (ids restart with a new store). */
export function movedOrigin(entry: AuditEntry): string {
  return `store:${entry.id}:${entry.at}`;
}

function fromRow(row: AuditRow): AuditEntry {
  const entry: AuditEntry = { id: String(row.id), at: new Date(row.at).getTime(), keyId: row.key_id, action: row.action as AuditEntry['action'], target: row.target };
  if (row.details !== null) entry.details = row.details;
  return entry;
}
