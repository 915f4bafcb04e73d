import { Clock } from '../../domain/clock';
import { WorkerInfo } from '../../domain/worker-info';
import { WorkerOperations, CallbackEnqueuer } from '../queue';
import { HandlerRegistry } from './handler-registry';
import { LeaseHeartbeatService } from './lease-heartbeat.service';
import { RunningJobs } from './running-jobs';
import { WorkerLogger } from './worker-logger';
import { WorkerObserver } from './worker-observer';
import { JobTracer } from '../tracing';
export interface WorkerRuntimeOptions {
    queues: readonly string[];
    /** Slots per queue. */
    concurrency: number;
    leaseMs: number;
    shutdownGraceMs: number;
    /** Sends the callbacks of the jobs it ends (QueueModule's one CallbackEnqueuer). */
    callbacks: CallbackEnqueuer;
    /**
     * How long shutdown keeps trying, after the grace period, to record results and releases when
     * the store is down (default 1 s, so the process exits within SHUTDOWN_GRACE_MS + 2 s; what is
     * left is recorded by no one, and those leases expire: the jobs run again).
     */
    settleTimeoutMs?: number;
    maxIdleWaitMs?: number;
    clock?: Clock;
    logger?: WorkerLogger;
    /** Metrics hooks (WORKER_OBSERVER). */
    observer?: WorkerObserver;
    /** What the worker says it runs on (published each heartbeat); default: this process. */
    process?: WorkerProcess;
    /** Claim and run spans (TracingModule's; default: off). */
    tracer?: JobTracer;
}
/** The process a worker runs in, as its published info names it. */
export interface WorkerProcess {
    host: string;
    pid: number;
    /** claimq's version. */
    version: string;
}
/**
 * The worker runtime of one process, outside Nest: a claim loop per queue, the executor, the ack
 * batcher, the heartbeat, and the shutdown sequence. ClaimModule builds one and drives it from
 * Nest's lifecycle hooks; tests drive it directly.
 */
export declare class WorkerRuntime {
    private readonly store;
    readonly registry: HandlerRegistry;
    readonly workerId: string;
    private readonly options;
    readonly running: RunningJobs;
    readonly heartbeat: LeaseHeartbeatService;
    private readonly acks;
    private readonly callbacks;
    private readonly timer;
    private readonly executor;
    private readonly loops;
    private readonly clock;
    private readonly logger;
    private readonly releases;
    /** Ids of the jobs whose release is in flight, by queue (still this worker's leases meanwhile). */
    private readonly releasing;
    private state;
    private readonly process;
    private startedAt;
    constructor(store: WorkerOperations, registry: HandlerRegistry, workerId: string, options: WorkerRuntimeOptions);
    /** Registers the worker (best effort: the heartbeat repeats it) and starts claiming. */
    start(): void;
    /**
     * Stop claiming; give running jobs shutdownGraceMs to finish; abort and release the rest (no
     * attempt spent); record what finished; unregister. After it resolves this process holds no
     * lease (unless the store stayed unreachable, in which case the leases expire on their own).
     */
    shutdown(): Promise<void>;
    /** This process as GET /workers shows it; read once per heartbeat, never per job. */
    info(): WorkerInfo;
    /** Jobs of `queue` whose lease this worker holds without running them: results not yet recorded, releases in flight. */
    private settlingIds;
    private loopOf;
    private run;
    private releaseUnfinished;
    private release;
    private settleReleases;
    private releaseWithRetry;
    private removeInfo;
    private unregister;
}
