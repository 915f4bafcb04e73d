import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../domain/clock';
import { ClaimqMetrics } from '../metrics';
import { ScheduleFirer } from './schedule-firer';
export interface SchedulerOptions {
    enabled: boolean;
    /** The longest sleep between two passes (SCHEDULER_POLL_MS). */
    pollMs: number;
    /** The firer's aheadMs: a pass starts this long before the next due time. */
    aheadMs: number;
}
/**
 * The scheduler loop of this instance (every instance runs one; none is a leader). It sleeps
 * until the next due time the store reports, at most SCHEDULER_POLL_MS, and runs a pass
 * (ScheduleFirer); a pass that claimed a full batch is followed by another at once. The API wakes
 * it when a schedule changes here. A timer, not @nestjs/schedule's interval: the next pass is due
 * at a time the store names, and a fixed interval would add up to a whole interval of lag.
 */
export declare class SchedulerService implements OnApplicationBootstrap, OnApplicationShutdown {
    private readonly firer;
    private readonly clock;
    private readonly options;
    private readonly metrics?;
    private readonly logger;
    private running?;
    private stopped;
    private wakeUp?;
    private woken;
    constructor(firer: ScheduleFirer, clock: Clock, options: SchedulerOptions, metrics?: ClaimqMetrics | undefined);
    onApplicationBootstrap(): void;
    onApplicationShutdown(): Promise<void>;
    /** A schedule changed through this instance: look at the index again now. */
    wake(): void;
    private loop;
    private sleep;
}
