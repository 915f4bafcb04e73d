"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WorkerRuntime = void 0;
const node_os_1 = require("node:os");
const claimq_version_1 = require("../../common/claimq-version");
const clock_1 = require("../../domain/clock");
const job_1 = require("../../domain/job");
const queue_1 = require("../queue");
const abortable_sleep_1 = require("../../common/abortable-sleep");
const ack_batcher_1 = require("./ack-batcher");
const claim_loop_1 = require("./claim-loop");
const deadline_timer_1 = require("./deadline-timer");
const job_executor_1 = require("./job-executor");
const lease_heartbeat_service_1 = require("./lease-heartbeat.service");
const retry_backoff_1 = require("../../common/retry-backoff");
const retry_due_time_1 = require("./retry-due-time");
const running_jobs_1 = require("./running-jobs");
const worker_logger_1 = require("./worker-logger");
const tracing_1 = require("../tracing");
function thisProcess() {
    return { host: (0, node_os_1.hostname)(), pid: process.pid, version: (0, claimq_version_1.claimqVersion)() };
}
/** Shutdown's settle after the grace period (see settleTimeoutMs). */
const DEFAULT_SETTLE_TIMEOUT_MS = 1_000;
/**
 * The worker runtime of one process, outside Nest: a claim loop per queue, the executor, the ack
 * batcher, the heartbeat, and the shutdown sequence. ClaimModule builds one and drives it from
 * Nest's lifecycle hooks; tests drive it directly.
 */
class WorkerRuntime {
    store;
    registry;
    workerId;
    options;
    running;
    heartbeat;
    acks;
    callbacks;
    timer;
    executor;
    loops;
    clock;
    logger;
    releases = new Set();
    /** Ids of the jobs whose release is in flight, by queue (still this worker's leases meanwhile). */
    releasing = new Map();
    state = 'created';
    process;
    startedAt;
    constructor(store, registry, workerId, options) {
        this.store = store;
        this.registry = registry;
        this.workerId = workerId;
        this.options = options;
        this.clock = options.clock ?? clock_1.systemClock;
        this.running = new running_jobs_1.RunningJobs(this.clock);
        this.logger = options.logger ?? (0, worker_logger_1.workerLogger)('Worker');
        this.process = options.process ?? thisProcess();
        this.startedAt = this.clock.now();
        this.timer = new deadline_timer_1.DeadlineTimer(this.clock);
        this.callbacks = options.callbacks;
        const tracer = options.tracer ?? tracing_1.NOOP_JOB_TRACER;
        this.acks = new ack_batcher_1.AckBatcher(store, this.logger, (job, outcome, request, run) => {
            options.observer?.onSettled(job, outcome, this.clock.now() - (job.startedAt ?? this.clock.now()));
            if (outcome === 'stale') {
                this.logger.warn({ msg: 'job result dropped, its lease was lost', jobId: job.id, queue: job.queue, workerId });
                return;
            }
            if (outcome === 'scheduled')
                this.loopOf(job.queue)?.nudge((0, retry_due_time_1.earliestRetryAt)(job, request));
            if (outcome === 'failed') {
                this.logger.warn({ msg: 'job failed', jobId: job.id, queue: job.queue, workerId, error: 'error' in request ? request.error : undefined });
            }
            if (job.callbackUrl && (0, job_1.isFinal)(outcome))
                this.callbacks.jobEnded(job.id, run?.carrier());
        });
        this.executor = new job_executor_1.JobExecutor({
            registry,
            acks: this.acks,
            timer: this.timer,
            running: this.running,
            workerId,
            clock: this.clock,
            logger: this.logger,
            tracer,
        });
        this.loops = options.queues.map((queue) => {
            const loop = new claim_loop_1.ClaimLoop(queue, {
                store,
                workerId,
                concurrency: options.concurrency,
                leaseMs: options.leaseMs,
                clock: this.clock,
                logger: this.logger,
                maxIdleWaitMs: options.maxIdleWaitMs,
                active: () => this.running.count(queue),
                run: (jobs, claim) => this.run(queue, jobs, loop.slotFreed, claim),
                tracer,
            });
            return loop;
        });
        this.heartbeat = new lease_heartbeat_service_1.LeaseHeartbeatService({
            store,
            workerId,
            queues: options.queues,
            leaseMs: options.leaseMs,
            running: this.running,
            executor: this.executor,
            logger: this.logger,
            settlingIds: (queue) => this.settlingIds(queue),
            claimSettled: (queue) => this.loopOf(queue)?.claimSettled() ?? Promise.resolve(),
            release: (queue, leases) => this.release(queue, leases),
            info: () => this.info(),
        });
    }
    /** Registers the worker (best effort: the heartbeat repeats it) and starts claiming. */
    start() {
        if (this.state !== 'created')
            return;
        this.state = 'running';
        this.startedAt = this.clock.now();
        void this.heartbeat.beat();
        for (const loop of this.loops)
            loop.start();
        const running = this.running;
        this.options.observer?.onStarted?.({
            queues: this.options.queues,
            perQueue: this.options.concurrency,
            busy: (queue) => running.count(queue),
            busySlotSeconds: (queue) => running.busySlotSeconds(queue),
        });
        this.logger.log(`worker ${this.workerId} claiming from ${this.options.queues.join(', ')} (${this.options.concurrency} slots per queue; handlers: ${this.registry.types().join(', ') || 'none'})`);
    }
    /**
     * Stop claiming; give running jobs shutdownGraceMs to finish; abort and release the rest (no
     * attempt spent); record what finished; unregister. After it resolves this process holds no
     * lease (unless the store stayed unreachable, in which case the leases expire on their own).
     */
    async shutdown() {
        if (this.state !== 'running') {
            this.state = 'stopped';
            return;
        }
        this.state = 'stopping';
        const graceEnds = this.clock.now() + this.options.shutdownGraceMs;
        const settleTimeoutMs = this.options.settleTimeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS;
        // the grace sleep is cut short once the loops stop: a timer left behind would hold the process open
        const loopsStopped = new AbortController();
        await Promise.race([
            Promise.all(this.loops.map((loop) => loop.stop())).finally(() => loopsStopped.abort()),
            (0, abortable_sleep_1.abortableSleep)(this.options.shutdownGraceMs, loopsStopped.signal),
        ]);
        loopsStopped.abort();
        const finished = await this.running.whenEmpty(graceEnds - this.clock.now());
        if (!finished)
            this.releaseUnfinished();
        const [recorded] = await Promise.all([this.acks.drain(settleTimeoutMs), this.settleReleases()]);
        if (!recorded)
            this.logger.error(`worker ${this.workerId}: ${this.acks.abandon()} job results could not be recorded before exit; their leases will expire`);
        const callbacksDrained = new AbortController();
        await Promise.race([this.callbacks.drain().finally(() => callbacksDrained.abort()), (0, abortable_sleep_1.abortableSleep)(settleTimeoutMs, callbacksDrained.signal)]);
        callbacksDrained.abort();
        this.timer.stop();
        await this.heartbeat.stop();
        await Promise.all([...this.options.queues.map((queue) => this.unregister(queue)), this.removeInfo()]);
        this.options.observer?.onStopped?.();
        this.state = 'stopped';
        this.logger.log(`worker ${this.workerId} stopped`);
    }
    /** This process as GET /workers shows it; read once per heartbeat, never per job. */
    info() {
        const { queues, concurrency } = this.options;
        let leasesHeld = 0;
        for (const queue of queues) {
            const held = new Set(this.settlingIds(queue));
            for (const job of this.running.inQueue(queue))
                held.add(job.id);
            leasesHeld += held.size;
        }
        return {
            id: this.workerId,
            ...this.process,
            startedAt: this.startedAt,
            queues: [...queues],
            slots: { busy: this.running.size, total: concurrency * queues.length },
            leasesHeld,
        };
    }
    /** Jobs of `queue` whose lease this worker holds without running them: results not yet recorded, releases in flight. */
    settlingIds(queue) {
        return [...this.acks.heldIds(queue), ...(this.releasing.get(queue) ?? [])];
    }
    loopOf(queue) {
        return this.loops.find((loop) => loop.queue === queue);
    }
    run(queue, jobs, slotFreed, claim) {
        if (this.state !== 'running') {
            // a claim that was in flight when shutdown began: give the jobs straight back
            this.release(queue, jobs.map(({ job, token }) => ({ id: job.id, token })));
            return;
        }
        this.options.observer?.onClaimed(jobs, this.clock.now());
        for (const claimed of jobs)
            this.executor.start(claimed, slotFreed, claim);
    }
    releaseUnfinished() {
        const byQueue = new Map();
        for (const rj of this.running.all()) {
            this.executor.abort(rj, 'shutdown');
            const leases = byQueue.get(rj.queue) ?? [];
            leases.push({ id: rj.id, token: rj.token });
            byQueue.set(rj.queue, leases);
        }
        for (const [queue, leases] of byQueue) {
            this.logger.warn({
                msg: 'releasing unfinished jobs after the shutdown grace period',
                workerId: this.workerId,
                queue,
                jobIds: leases.map((l) => l.id),
            });
            this.release(queue, leases);
        }
    }
    release(queue, leases) {
        let ids = this.releasing.get(queue);
        if (!ids)
            this.releasing.set(queue, (ids = new Set()));
        for (const lease of leases)
            ids.add(lease.id);
        const releasing = this.releaseWithRetry(queue, leases).finally(() => {
            this.releases.delete(releasing);
            for (const lease of leases)
                ids.delete(lease.id);
        });
        this.releases.add(releasing);
    }
    async settleReleases() {
        while (this.releases.size > 0)
            await Promise.all([...this.releases]);
    }
    async releaseWithRetry(queue, leases) {
        const giveUpAt = this.clock.now() + (this.options.settleTimeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS);
        const backoff = new retry_backoff_1.RetryBackoff(100, 2_000);
        for (;;) {
            try {
                await this.store.release(queue, leases);
                return;
            }
            catch (err) {
                if (!(0, queue_1.isTransientStoreError)(err) || this.clock.now() >= giveUpAt) {
                    this.logger.error({
                        msg: 'releasing jobs failed; their leases will expire',
                        workerId: this.workerId,
                        queue,
                        jobIds: leases.map((l) => l.id),
                        error: (0, queue_1.errorText)(err),
                    });
                    return;
                }
                await (0, abortable_sleep_1.abortableSleep)(backoff.next());
            }
        }
    }
    async removeInfo() {
        try {
            await this.store.workers.remove(this.workerId);
        }
        catch (err) {
            this.logger.warn(`worker ${this.workerId}: removing its info failed (${(0, queue_1.errorText)(err)}); it expires after WORKER_DEAD_MS`);
        }
    }
    async unregister(queue) {
        try {
            await this.store.unregisterWorker(queue, this.workerId);
        }
        catch (err) {
            this.logger.warn(`worker ${this.workerId}: unregistering from queue ${queue} failed (${(0, queue_1.errorText)(err)})`);
        }
    }
}
exports.WorkerRuntime = WorkerRuntime;
//# sourceMappingURL=worker-runtime.js.map