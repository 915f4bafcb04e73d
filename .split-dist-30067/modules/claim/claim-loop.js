"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ClaimLoop = exports.MAX_IDLE_WAIT_MS = void 0;
const queue_1 = require("../queue");
const abortable_sleep_1 = require("../../common/abortable-sleep");
const retry_backoff_1 = require("../../common/retry-backoff");
const tracing_1 = require("../tracing");
/** Longest idle wait before claiming again anyway (a lost wake-up costs at most this). */
exports.MAX_IDLE_WAIT_MS = 5_000;
/** Floor of a wait for a scheduled job already due: never a tight loop on a clock disagreement. */
const MIN_WAIT_MS = 5;
/**
 * The claim loop of one queue. Claims as many jobs as it has free slots in one call; when the
 * queue has nothing more it waits on store.waitForWork (woken by enqueues and promotions, or
 * after min(5 s, next scheduled job)); when it is full it sleeps until a slot frees, then claims
 * on the next setImmediate so the completions of one tick lead to a single claim.
 * Store errors pause it with capped exponential backoff; it never throws.
 */
class ClaimLoop {
    queue;
    deps;
    stopped = false;
    stopSignal = new AbortController();
    slotWaiter;
    /** Ends the current waitForWork early (nudge, stop). */
    idleWait;
    /** When the current waitForWork ends by itself (its timeout). */
    idleUntil = 0;
    /**
     * Earliest due time of the nudges that came while a claim was in flight (its answer may predate
     * them); -Infinity: due now; undefined: none.
     */
    nudgedDueAt;
    slotWakeScheduled = false;
    running;
    backoff = new retry_backoff_1.RetryBackoff(250, 10_000);
    claiming;
    tracer;
    constructor(queue, deps) {
        this.queue = queue;
        this.deps = deps;
        this.tracer = deps.tracer ?? tracing_1.NOOP_JOB_TRACER;
    }
    start() {
        this.running ??= this.loop();
    }
    /** Stops claiming; resolves when no claim is in flight any more. */
    /**
     * Resolves once the claim in flight now (if any) has handed its jobs to `run` or failed: its
     * leases are then either known to the worker or stray (a reply lost on the wire).
     */
    async claimSettled() {
        const claiming = this.claiming;
        if (!claiming)
            return;
        await claiming.catch(() => undefined);
        // `run` is called synchronously after the claim resolves; one more turn lets that happen
        await Promise.resolve();
    }
    async stop() {
        this.stopped = true;
        this.stopSignal.abort();
        this.idleWait?.abort();
        this.wakeSlotWaiter();
        await this.running;
    }
    /** A job of this queue settled. Several in the same tick wake the loop once. */
    slotFreed = () => {
        if (!this.slotWaiter || this.slotWakeScheduled)
            return;
        this.slotWakeScheduled = true;
        setImmediate(() => {
            this.slotWakeScheduled = false;
            this.wakeSlotWaiter();
        });
    };
    /**
     * Something changed that the store does not wake waiters for (a job of ours went to scheduled
     * for a retry, due at `dueAt` at the earliest; unknown: maybe now). An idle loop claims again
     * now to learn the new next due time, unless its wait ends by then anyway: most retries of a
     * busy queue then cost nothing, not even a store call.
     */
    nudge(dueAt = Number.NEGATIVE_INFINITY) {
        if (this.idleWait) {
            if (dueAt < this.idleUntil)
                this.idleWait.abort();
        }
        else {
            this.nudgedDueAt = Math.min(this.nudgedDueAt ?? Number.POSITIVE_INFINITY, dueAt);
        }
    }
    async loop() {
        const { store, workerId, concurrency, leaseMs } = this.deps;
        while (!this.stopped) {
            const free = concurrency - this.deps.active();
            if (free <= 0) {
                await new Promise((resolve) => (this.slotWaiter = resolve));
                continue;
            }
            let result;
            this.nudgedDueAt = undefined;
            const tracing = this.tracer.enabled;
            const claimStartedAt = tracing ? performance.now() : 0;
            const claiming = store.claim(this.queue, workerId, free, leaseMs);
            this.claiming = claiming;
            try {
                result = await claiming;
            }
            catch (err) {
                this.claiming = undefined;
                if (tracing)
                    this.tracer.recordClaim(this.queue, workerId, claimStartedAt, undefined, err);
                await this.pauseAfter(err);
                continue;
            }
            this.claiming = undefined;
            this.recovered();
            if (result.jobs.length > 0) {
                // an empty claim (an idle wake-up) records no span: it would be most of them, and says nothing
                const claim = tracing ? this.tracer.recordClaim(this.queue, workerId, claimStartedAt, result.jobs) : undefined;
                this.deps.run(result.jobs, claim);
            }
            if (result.jobs.length >= free || this.stopped)
                continue;
            const nudgedDueAt = this.nudgedDueAt;
            if (nudgedDueAt !== undefined && nudgedDueAt <= this.deps.clock.now())
                continue;
            await this.waitForWork(Math.min(result.nextDueAt ?? Number.POSITIVE_INFINITY, nudgedDueAt ?? Number.POSITIVE_INFINITY));
        }
    }
    async waitForWork(nextDueAt) {
        let timeout = this.deps.maxIdleWaitMs ?? exports.MAX_IDLE_WAIT_MS;
        const now = this.deps.clock.now();
        if (nextDueAt !== Number.POSITIVE_INFINITY)
            timeout = Math.max(MIN_WAIT_MS, Math.min(timeout, nextDueAt - now));
        this.idleUntil = now + timeout;
        const idleWait = (this.idleWait = new AbortController());
        try {
            if (!this.stopped)
                await this.deps.store.waitForWork(this.queue, timeout, idleWait.signal);
        }
        catch (err) {
            if (!this.stopped)
                await this.pauseAfter(err);
        }
        finally {
            this.idleWait = undefined;
        }
    }
    async pauseAfter(err) {
        const delay = this.backoff.next();
        const what = `claiming from queue ${this.queue} failed (${(0, queue_1.errorText)(err)}); retrying in ${delay}ms`;
        if ((0, queue_1.isTransientStoreError)(err))
            this.deps.logger.warn(what);
        else
            this.deps.logger.error(what, err instanceof Error ? err.stack : undefined);
        await (0, abortable_sleep_1.abortableSleep)(delay, this.stopSignal.signal);
    }
    recovered() {
        if (this.backoff.failures === 0)
            return;
        this.deps.logger.log(`claiming from queue ${this.queue} works again after ${this.backoff.failures} failed tries`);
        this.backoff.reset();
    }
    wakeSlotWaiter() {
        const resolve = this.slotWaiter;
        this.slotWaiter = undefined;
        resolve?.();
    }
}
exports.ClaimLoop = ClaimLoop;
//# sourceMappingURL=claim-loop.js.map