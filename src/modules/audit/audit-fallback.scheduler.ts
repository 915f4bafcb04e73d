import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ScheduledPass } from '../../scheduling/periodic-pass';
import { errorText } from '../queue';
import { AUDIT_MOVE_BATCH, AuditTrail } from './audit-trail.service';

/** How often an instance with history on looks for audit entries waiting in the job store. */
const EVERY_MS = 10_000;
/** Batches per pass: a pass moves at most this many x AUDIT_MOVE_BATCH entries. */
const MAX_BATCHES = 20;

/**
 * With job history on, moves the audit entries the job store took while PostgreSQL was down into
 * PostgreSQL (AuditTrail.moveFallback), every 10 s, batch after batch until none is left. With
 * history off there is nothing to move and the pass returns at once.
 */
@Injectable()
export class AuditFallbackScheduler extends ScheduledPass {
  static readonly INTERVAL_NAME = 'claimq-audit-fallback';
  private readonly logger = new Logger('Audit');
  private failing = false;

  constructor(
    private readonly trail: AuditTrail,
    registry: SchedulerRegistry,
  ) {
    super(registry, AuditFallbackScheduler.INTERVAL_NAME, EVERY_MS, () => this.pass());
  }

  private async pass(): Promise<void> {
    if (!this.trail.hasFallback) return;
    let moved = 0;
    try {
      for (let i = 0; i < MAX_BATCHES; i++) {
        const n = await this.trail.moveFallback();
        moved += n;
        if (n < AUDIT_MOVE_BATCH) break;
      }
      this.failing = false;
    } catch (err) {
      // PostgreSQL still down (or the store): said once, tried again next pass
      if (!this.failing) this.logger.warn(`audit: moving entries from the job store to PostgreSQL failed, retrying every ${EVERY_MS / 1000} s: ${errorText(err)}`);
      this.failing = true;
    }
    if (moved > 0) this.logger.log(`audit: moved ${moved} entries recorded while PostgreSQL was unavailable into it`);
  }
}
