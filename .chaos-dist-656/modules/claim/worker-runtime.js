"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WorkerRuntime = void 0;
const clock_1 = require("../../domain/clock");
const job_1 = require("../../domain/job");
const abortable_sleep_1 = require("./abortable-sleep");
const ack_batcher_1 = require("./ack-batcher");
const callback_enqueuer_1 = require("../queue/callback-enqueuer");
const claim_loop_1 = require("./claim-loop");
const deadline_timer_1 = require("./deadline-timer");
const job_executor_1 = require("./job-executor");
const lease_heartbeat_service_1 = require("./lease-heartbeat.service");
const retry_backoff_1 = require("./retry-backoff");
const running_jobs_1 = require("./running-jobs");
const store_errors_1 = require("./store-errors");
const worker_logger_1 = require("./worker-logger");
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
    running = new running_jobs_1.RunningJobs();
    heartbeat;
    acks;
    callbacks;
    timer;
    executor;
    loops;
    clock;
    logger;
    releases = new Set();
    state = 'created';
    constructor(store, registry, workerId, options) {
        this.store = store;
        this.registry = registry;
        this.workerId = workerId;
        this.options = options;
        this.clock = options.clock ?? clock_1.systemClock;
        this.logger = options.logger ?? (0, worker_logger_1.workerLogger)('Worker');
        this.timer = new deadline_timer_1.DeadlineTimer(this.clock);
        this.callbacks = new callback_enqueuer_1.CallbackEnqueuer(store, this.clock, options.maxPayloadBytes, this.logger);
        this.acks = new ack_batcher_1.AckBatcher(store, this.logger, (job, outcome, request) => {
            options.observer?.onSettled(job, outcome, this.clock.now() - (job.startedAt ?? this.clock.now()));
            if (outcome === 'stale') {
                this.logger.warn(`job ${job.id} (queue ${job.queue}): result of worker ${workerId} dropped, its lease was lost`);
                return;
            }
            if (outcome === 'scheduled')
                this.loopOf(job.queue)?.nudge();
            if (outcome === 'failed')
                this.logger.warn(`job ${job.id} (queue ${job.queue}) failed on worker ${workerId}: ${'error' in request ? request.error : ''}`);
            if (job.callbackUrl && (0, job_1.isFinal)(outcome))
                this.callbacks.jobEnded(job.id);
        });
        this.executor = new job_executor_1.JobExecutor({
            registry,
            acks: this.acks,
            timer: this.timer,
            running: this.running,
            workerId,
            clock: this.clock,
            logger: this.logger,
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
                run: (jobs) => this.run(queue, jobs, loop.slotFreed),
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
        });
    }
    /** Registers the worker (best effort: the heartbeat repeats it) and starts claiming. */
    start() {
        if (this.state !== 'created')
            return;
        this.state = 'running';
        void this.heartbeat.beat();
        for (const loop of this.loops)
            loop.start();
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
        const settleTimeoutMs = this.options.settleTimeoutMs ?? 10_000;
        await Promise.race([Promise.all(this.loops.map((loop) => loop.stop())), (0, abortable_sleep_1.abortableSleep)(this.options.shutdownGraceMs)]);
        const finished = await this.running.whenEmpty(graceEnds - this.clock.now());
        if (!finished)
            this.releaseUnfinished();
        const [recorded] = await Promise.all([this.acks.drain(settleTimeoutMs), this.settleReleases()]);
        if (!recorded)
            this.logger.error(`worker ${this.workerId}: ${this.acks.abandon()} job results could not be recorded before exit; their leases will expire`);
        await this.callbacks.drain();
        this.timer.stop();
        await this.heartbeat.stop();
        await Promise.all(this.options.queues.map((queue) => this.unregister(queue)));
        this.state = 'stopped';
        this.logger.log(`worker ${this.workerId} stopped`);
    }
    loopOf(queue) {
        return this.loops.find((loop) => loop.queue === queue);
    }
    run(queue, jobs, slotFreed) {
        if (this.state !== 'running') {
            // a claim that was in flight when shutdown began: give the jobs straight back
            this.release(queue, jobs.map(({ job, token }) => ({ id: job.id, token })));
            return;
        }
        this.options.observer?.onClaimed(jobs, this.clock.now());
        for (const claimed of jobs)
            this.executor.start(claimed, slotFreed);
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
            this.logger.warn(`worker ${this.workerId}: releasing ${leases.length} unfinished jobs of queue ${queue} after the shutdown grace period`);
            this.release(queue, leases);
        }
    }
    release(queue, leases) {
        const releasing = this.releaseWithRetry(queue, leases).finally(() => this.releases.delete(releasing));
        this.releases.add(releasing);
    }
    async settleReleases() {
        while (this.releases.size > 0)
            await Promise.all([...this.releases]);
    }
    async releaseWithRetry(queue, leases) {
        const giveUpAt = this.clock.now() + (this.options.settleTimeoutMs ?? 10_000);
        const backoff = new retry_backoff_1.RetryBackoff(100, 2_000);
        for (;;) {
            try {
                await this.store.release(queue, leases);
                return;
            }
            catch (err) {
                if (!(0, store_errors_1.isTransientStoreError)(err) || this.clock.now() >= giveUpAt) {
                    this.logger.error(`worker ${this.workerId}: releasing ${leases.length} jobs of queue ${queue} failed (${(0, store_errors_1.errorText)(err)}); their leases will expire`);
                    return;
                }
                await (0, abortable_sleep_1.abortableSleep)(backoff.next());
            }
        }
    }
    async unregister(queue) {
        try {
            await this.store.unregisterWorker(queue, this.workerId);
        }
        catch (err) {
            this.logger.warn(`worker ${this.workerId}: unregistering from queue ${queue} failed (${(0, store_errors_1.errorText)(err)})`);
        }
    }
}
exports.WorkerRuntime = WorkerRuntime;
//# sourceMappingURL=worker-runtime.js.map