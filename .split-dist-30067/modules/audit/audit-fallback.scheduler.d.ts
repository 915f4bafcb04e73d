import { SchedulerRegistry } from '@nestjs/schedule';
import { ScheduledPass } from '../../scheduling/periodic-pass';
import { AuditTrail } from './audit-trail.service';
/**
 * With job history on, moves the audit entries the job store took while PostgreSQL was down into
 * PostgreSQL (AuditTrail.moveFallback), every 10 s, batch after batch until none is left. With
 * history off there is nothing to move and the pass returns at once.
 */
export declare class AuditFallbackScheduler extends ScheduledPass {
    private readonly trail;
    static readonly INTERVAL_NAME = "claimq-audit-fallback";
    private readonly logger;
    private failing;
    constructor(trail: AuditTrail, registry: SchedulerRegistry);
    private pass;
}
