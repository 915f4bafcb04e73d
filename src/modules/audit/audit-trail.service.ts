import { Logger } from '@nestjs/common';
import { AuditPage, boundedAuditDetails, NewAuditEntry } from '../../domain/audit';
import { AuditStore, errorText } from '../queue';

/**
 * Where the audit trail goes: PostgreSQL when job history is on (the instance that served the
 * change writes the row itself), else the job store. An insert PostgreSQL refuses (down, say) is
 * logged and the entry goes to the job store instead, so a change is never left unrecorded
 * because history is down; GET /audit then reads PostgreSQL only (README, Audit trail).
 */
export class AuditTrail {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly store: AuditStore,
    private readonly postgres: AuditStore | undefined,
  ) {}

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
