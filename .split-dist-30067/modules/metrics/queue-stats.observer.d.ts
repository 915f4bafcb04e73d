import { Clock } from '../../domain/clock';
import { ClaimedJob, Job } from '../../domain/job';
import { QueueStatsDelta } from '../../domain/queue-stats';
import type { WorkerObserver } from '../claim';
import { SettleOutcome } from '../queue';
/**
 * The dashboard's stats of this process (src/domain/queue-stats.ts), added up in memory as the
 * worker runtime reports jobs: a few array writes per job, no I/O. QueueStatsFlusher takes the
 * deltas every few seconds and writes them to the store.
 * - succeeded: results the store recorded as succeeded; failed: failed attempts it recorded,
 *   final or to be retried (a stale result, whose lease was lost, counts in neither); each in the
 *   10 s step of the moment the store answered.
 * - pickup: claimed at (startedAt) minus runnable since (max(runAt, createdAt)), as the Prometheus
 *   histogram; run: from claim to the recorded result (also a cancelled or stale-free one).
 */
export declare class QueueStatsObserver implements Pick<WorkerObserver, 'onClaimed' | 'onSettled'> {
    private readonly clock;
    private deltas;
    constructor(clock: Clock);
    onClaimed(jobs: readonly ClaimedJob[], now: number): void;
    onSettled(job: Job, outcome: SettleOutcome, durationMs: number): void;
    /** What was recorded since the last call, per queue; the observer starts afresh. */
    take(): Map<string, QueueStatsDelta>;
    /** Puts back a delta the store did not take (it was down), to go with the next flush; minutes past retention are dropped. */
    giveBack(queue: string, delta: QueueStatsDelta): void;
    private minuteOf;
    private statsAt;
}
