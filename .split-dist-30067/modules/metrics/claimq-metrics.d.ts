import { Registry } from 'prom-client';
export declare const METRIC_PREFIX = "claimq_";
/**
 * The job counters and histograms of this process, on a registry of its own (one per app, so
 * several apps in one process, as in tests, do not collide). Labels (queue, type) are cached
 * (LabelledChildren): recording is a map lookup and an add.
 */
export declare class ClaimqMetrics {
    readonly registry: Registry<"text/plain; version=0.0.4; charset=utf-8">;
    private readonly enqueued;
    private readonly claimed;
    private readonly succeeded;
    private readonly failed;
    private readonly retried;
    private readonly cancelled;
    private readonly stale;
    private readonly duration;
    private readonly pickup;
    private readonly scheduleFires;
    private readonly scheduleSkips;
    private readonly scheduleMissed;
    private readonly scheduleLag;
    private readonly scheduleErrors;
    private readonly egressRefusals;
    constructor();
    jobEnqueued(queue: string, type: string): void;
    /** `pickupMs`: claim time minus the time the job became runnable. */
    jobClaimed(queue: string, type: string, pickupMs: number): void;
    jobSettled(queue: string, type: string, outcome: string, durationMs: number): void;
    /** A tick fired: `lagMs` from its fire time to its job enqueued. */
    scheduleFired(queue: string, type: string, lagMs: number): void;
    scheduleTicksSkipped(queue: string, type: string, skipped: number, missed: number): void;
    scheduleFireFailed(): void;
    egressDenied(rule: string): void;
    private counter;
    private histogram;
}
