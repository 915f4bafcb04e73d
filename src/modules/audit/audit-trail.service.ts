import { Logger } from '@nestjs/common';
import { AuditEntry, AuditPage, boundedAuditDetails, NewAuditEntry } from '../../domain/audit';
import { AuditStore, errorText } from '../queue';

/** The audit trail in PostgreSQL (PostgresAuditLog), as AuditTrail uses it. */
export interface AuditDatabase extends Pick<AuditStore, 'append' | 'list'> {
  /** Entries the job store took meanwhile, oldest first, each once however often it is sent; how many were new. */
  appendMoved(entries: AuditEntry[]): Promise<number>;
}

/** Entries moved from the job store to PostgreSQL per call of moveFallback. */
export const AUDIT_MOVE_BATCH = 500;

/**
 * Where the audit trail goes: PostgreSQL when job history is on (the instance that served the
 * change writes the row itself), else the job store. An insert PostgreSQL refuses (down, say) is
 * logged and the entry goes to the job store instead, so a change is never left unrecorded
 * because history is down; once PostgreSQL answers again, moveFallback (AuditFallbackScheduler)
 * moves those entries into it, where GET /audit reads (README, Audit trail).
 */
export class AuditTrail {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly store: AuditStore,
    private readonly postgres: AuditDatabase | undefined,
  ) {}

  /** Whether entries can wait in the job store for PostgreSQL (history on). */
  get hasFallback(): boolean {
    return this.postgres !== undefined;
  }

  /**
   * Moves the entries the job store took while PostgreSQL was down into PostgreSQL, oldest first,
   * up to `batch`; returns how many were moved (0 with history off, or nothing waiting). Safe on
   * several instances at once: a row remembers its store entry (unique), and an entry leaves the
   * store only after PostgreSQL holds it. Throws when either side is unreachable (the next pass
   * tries again).
   */
  async moveFallback(batch = AUDIT_MOVE_BATCH): Promise<number> {
    if (!this.postgres) return 0;
    const waiting = await this.store.oldest(batch);
    if (waiting.length === 0) return 0;
    await this.postgres.appendMoved(waiting);
    await this.store.remove(waiting.map((e) => e.id));
    return waiting.length;
  }

  /** Records `entry`; never throws (the change it records has already been made). */
  async record(entry: NewAuditEntry): Promise<void> {
    const bounded: NewAuditEntry = { ...entry, details: boundedAuditDetails(entry.details) };
    if (bounded.details === undefined) delete bounded.details;
    if (this.postgres) {
      try {
        await this.postgres.append(bounded);
        return;
      } catch (err) {
        this.logger.error(`audit: PostgreSQL did not take ${entry.action} ${entry.target}; recorded in the job store instead: ${errorText(err)}`);
      }
    }
    try {
      await this.store.append(bounded);
    } catch (err) {
      this.logger.error(`audit: ${entry.action} ${entry.target} by ${entry.keyId ?? 'open access'} was not recorded: ${errorText(err)}`);
    }
  }

  list(limit: number, before?: number): Promise<AuditPage> {
    return (this.postgres ?? this.store).list(limit, before);
  }
}
