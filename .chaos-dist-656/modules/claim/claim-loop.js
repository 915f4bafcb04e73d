"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ClaimLoop = exports.MAX_IDLE_WAIT_MS = void 0;
const abortable_sleep_1 = require("./abortable-sleep");
const retry_backoff_1 = require("./retry-backoff");
const store_errors_1 = require("./store-errors");
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
    /** A nudge that came while a claim was in flight: its answer may predate the change. */
    nudged = false;
    slotWakeScheduled = false;
    running;
    backoff = new retry_backoff_1.RetryBackoff(250, 10_000);
    constructor(queue, deps) {
        this.queue = queue;
        this.deps = deps;
    }
    start() {
        this.running ??= this.loop();
    }
    /** Stops claiming; resolves when no claim is in flight any more. */
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
     * for a retry): if the loop is idle, claim again now to learn the new next due time.
     */
    nudge() {
        if (this.idleWait)
            this.idleWait.abort();
        else
            this.nudged = true;
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
            this.nudged = false;
            try {
                result = await store.claim(this.queue, workerId, free, leaseMs);
            }
            catch (err) {
                await this.pauseAfter(err);
                continue;
            }
            this.recovered();
            if (result.jobs.length > 0)
                this.deps.run(result.jobs);
            if (result.jobs.length < free && !this.stopped && !this.nudged)
                await this.waitForWork(result.nextDueAt);
        }
    }
    async waitForWork(nextDueAt) {
        let timeout = this.deps.maxIdleWaitMs ?? exports.MAX_IDLE_WAIT_MS;
        if (nextDueAt !== undefined)
            timeout = Math.max(MIN_WAIT_MS, Math.min(timeout, nextDueAt - this.deps.clock.now()));
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
        const what = `claiming from queue ${this.queue} failed (${(0, store_errors_1.errorText)(err)}); retrying in ${delay}ms`;
        if ((0, store_errors_1.isTransientStoreError)(err))
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