import { ClaimedJob, Job } from '../../domain/job';
import type { WorkerObserver, WorkerSlots } from '../claim';
import { SettleOutcome } from '../queue';
import { ClaimqMetrics } from './claimq-metrics';
/**
 * The worker runtime's hooks, counted. Pickup latency: claim time minus max(runAt, createdAt).
 * The slot metrics are read from the runtime at scrape time (WorkerSlots), so they cost nothing
 * per job; a process that runs no worker (MODE=api) exports them without samples.
 */
export declare class WorkerMetricsObserver implements WorkerObserver {
    private readonly metrics;
    private slots;
    constructor(metrics: ClaimqMetrics);
    onStarted(slots: WorkerSlots): void;
    onStopped(): void;
    onClaimed(jobs: readonly ClaimedJob[], now: number): void;
    onSettled(job: Job, outcome: SettleOutcome, durationMs: number): void;
    onEgressDenied(rule: string): void;
}
