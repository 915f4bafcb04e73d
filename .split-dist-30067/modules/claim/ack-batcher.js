"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AckBatcher = void 0;
const queue_1 = require("../queue");
const retry_backoff_1 = require("../../common/retry-backoff");
/**
 * Collects the results of one tick and sends them as ONE store.complete and ONE store.fail call
 * per queue (flushed on setImmediate; while a flush is in flight the next batch grows, which
 * batches harder under load). When the store is unreachable the results stay here and are
 * retried with capped backoff; the fencing token decides on arrival whether they still count.
 *
 * A batch the store refuses for another reason is retried one item at a time, so one bad item
 * (a result too large to store) cannot hold back the others; an item refused on its own is
 * turned into a failure (complete) or dropped and logged (fail), and its lease runs out.
 */
class AckBatcher {
    store;
    logger;
    onSettled;
    queues = new Map();
    unsettled = 0;
    flushScheduled = false;
    flushing = false;
    retryTimer;
    backoff = new retry_backoff_1.RetryBackoff(100, 5_000);
    idleWaiters = [];
    /** Batches being sent now, with their queue (their leases are still this worker's meanwhile). */
    inFlight = new Map();
    constructor(store, logger, onSettled) {
        this.store = store;
        this.logger = logger;
        this.onSettled = onSettled;
    }
    /** Results not yet recorded (queued or in flight). */
    get pending() {
        return this.unsettled;
    }
    /**
     * Jobs of `queue` whose result waits here (queued or in flight): their leases are still this
     * worker's. Gathered when asked (once per heartbeat), so recording results costs nothing more.
     */
    heldIds(queue) {
        const ids = [];
        const queued = this.queues.get(queue);
        for (const item of queued?.complete ?? [])
            ids.push(item.job.id);
        for (const item of queued?.fail ?? [])
            ids.push(item.job.id);
        for (const [items, q] of this.inFlight)
            if (q === queue)
                for (const item of items)
                    ids.push(item.job.id);
        return ids;
    }
    complete(job, request, run) {
        this.add({ kind: 'complete', job, request, run });
    }
    fail(job, request, run) {
        this.add({ kind: 'fail', job, request, run });
    }
    /** Flushes now (skipping any backoff wait) and resolves true when all is recorded, false on timeout. */
    async drain(timeoutMs) {
        if (this.unsettled === 0)
            return true;
        if (this.retryTimer) {
            clearTimeout(this.retryTimer);
            this.retryTimer = undefined;
            this.scheduleFlush();
        }
        return new Promise((resolve) => {
            const done = () => {
                clearTimeout(timer);
                resolve(true);
            };
            const timer = setTimeout(() => {
                this.idleWaiters = this.idleWaiters.filter((w) => w !== done);
                resolve(false);
            }, timeoutMs);
            this.idleWaiters.push(done);
        });
    }
    /** Stops retrying (after a drain that timed out); what is left is lost and its leases run out. */
    abandon() {
        if (this.retryTimer)
            clearTimeout(this.retryTimer);
        this.retryTimer = undefined;
        return this.unsettled;
    }
    add(ack) {
        let acks = this.queues.get(ack.job.queue);
        if (!acks)
            this.queues.set(ack.job.queue, (acks = { complete: [], fail: [] }));
        acks[ack.kind].push(ack);
        this.unsettled++;
        this.scheduleFlush();
    }
    scheduleFlush() {
        if (this.flushScheduled || this.flushing || this.retryTimer)
            return;
        this.flushScheduled = true;
        setImmediate(this.flush);
    }
    flush = async () => {
        this.flushScheduled = false;
        this.flushing = true;
        const batches = this.queues;
        this.queues = new Map();
        const sends = [];
        for (const [queue, acks] of batches) {
            if (acks.complete.length > 0)
                sends.push(this.send(queue, 'complete', acks.complete));
            if (acks.fail.length > 0)
                sends.push(this.send(queue, 'fail', acks.fail));
        }
        const delivered = (await Promise.all(sends)).every(Boolean);
        this.flushing = false;
        if (!delivered) {
            const delay = this.backoff.next();
            this.retryTimer = setTimeout(() => {
                this.retryTimer = undefined;
                this.scheduleFlush();
            }, delay);
            this.logger.warn(`${this.unsettled} job results wait for the store; retrying in ${delay}ms`);
            return;
        }
        if (this.backoff.failures > 0)
            this.logger.log(`store reachable again; job results recorded`);
        this.backoff.reset();
        if (this.unsettled > 0)
            this.scheduleFlush();
        else
            this.wakeIdleWaiters();
    };
    /** true when every item got an outcome or was given up; false when some wait for a retry. */
    async send(queue, kind, items) {
        let outcomes;
        this.inFlight.set(items, queue);
        try {
            const requests = items.map((item) => item.request);
            outcomes = kind === 'complete' ? await this.store.complete(queue, requests) : await this.store.fail(queue, requests);
        }
        catch (err) {
            this.inFlight.delete(items);
            if ((0, queue_1.isTransientStoreError)(err)) {
                this.requeue(queue, kind, items);
                return false;
            }
            if (items.length > 1) {
                const alone = await Promise.all(items.map((item) => this.send(queue, kind, [item])));
                return alone.every(Boolean);
            }
            this.refused(items[0], err);
            return true;
        }
        this.inFlight.delete(items);
        this.unsettled -= items.length;
        for (let i = 0; i < items.length; i++)
            this.onSettled(items[i].job, outcomes[i], items[i].request, items[i].run);
        return true;
    }
    refused(item, err) {
        this.unsettled--;
        const { job } = item;
        if (item.kind === 'complete') {
            this.logger.warn({ msg: 'job result refused by the store; failing the attempt', jobId: job.id, queue: job.queue, error: (0, queue_1.errorText)(err) });
            this.fail(job, { id: job.id, token: item.request.token, retryable: false, error: `result could not be recorded: ${(0, queue_1.errorText)(err)}` }, item.run);
            return;
        }
        this.logger.error({ msg: 'job failure refused by the store; its lease will expire', jobId: job.id, queue: job.queue, error: (0, queue_1.errorText)(err) });
    }
    requeue(queue, kind, items) {
        let acks = this.queues.get(queue);
        if (!acks)
            this.queues.set(queue, (acks = { complete: [], fail: [] }));
        acks[kind] = items.concat(acks[kind]);
    }
    wakeIdleWaiters() {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters)
            resolve();
    }
}
exports.AckBatcher = AckBatcher;
//# sourceMappingURL=ack-batcher.js.map