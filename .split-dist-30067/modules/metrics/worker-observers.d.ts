import { ClaimedJob, Job } from '../../domain/job';
import type { WorkerObserver, WorkerSlots } from '../claim';
import { SettleOutcome } from '../queue';
import { QueueStatsObserver } from './queue-stats.observer';
import { WorkerMetricsObserver } from './worker-metrics.observer';
/** The one WORKER_OBSERVER: the Prometheus counters and the dashboard's stats, each told in turn. */
export declare class WorkerObservers implements WorkerObserver {
    private readonly metrics;
    private readonly stats;
    constructor(metrics: WorkerMetricsObserver, stats: QueueStatsObserver);
    onClaimed(jobs: readonly ClaimedJob[], now: number): void;
    onSettled(job: Job, outcome: SettleOutcome, durationMs: number): void;
    onEgressDenied(rule: string): void;
    onStarted(slots: WorkerSlots): void;
    onStopped(): void;
}
