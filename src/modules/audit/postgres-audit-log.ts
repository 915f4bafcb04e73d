import { DataSource } from 'typeorm';
import { AuditEntry, AuditPage, NewAuditEntry } from '../../domain/audit';
import { StoreUnavailableError } from '../../domain/errors';
import { AuditStore } from '../queue';

interface AuditRow {
  id: string;
  at: Date;
  key_id: string | null;
  action: string;
  target: string;
  details: Record<string, unknown> | null;
}

/** The audit trail in PostgreSQL (table audit_log, a history migration), for instances with history on. */
export class PostgresAuditLog extends AuditStore {
  constructor(private readonly dataSource: () => Promise<DataSource>) {
    super();
  }

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

function fromRow(row: AuditRow): AuditEntry {
  const entry: AuditEntry = { id: String(row.id), at: new Date(row.at).getTime(), keyId: row.key_id, action: row.action as AuditEntry['action'], target: row.target };
  if (row.details !== null) entry.details = row.details;
  return entry;
}
