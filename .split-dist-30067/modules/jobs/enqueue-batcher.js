"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EnqueueBatcher = exports.ENQUEUE_BATCH_MAX = void 0;
/** A turn's jobs for one queue are written in calls of at most this many. */
exports.ENQUEUE_BATCH_MAX = 500;
/**
 * Writes the single jobs that POST /jobs requests hand in during one event-loop turn together:
 * one store call (one enqueue script, one Redis round trip) per queue and turn instead of one per
 * request. Under load the handlers of many requests run in the same turn (the body of each ends
 * in the same poll phase), and a script call per job was most of the API's cost: the write to
 * Redis, and Redis's own time per call (BENCHMARKS.md, "The REST front door"). Without load a turn
 * holds one request, and it is written at the end of that turn as before, so nothing waits longer
 * than the turn (no timer).
 *
 * Each request still gets its own result: the store answers per job (created, or the job its
 * idempotency key matched; a key repeated within one call goes to the first job, as it would have
 * in order). A store error (Redis away: 503) fails every request of the call, none of whose jobs
 * was stored (the enqueue script is atomic), so each client retries as it would have anyway.
 */
class EnqueueBatcher {
    enqueueMany;
    waiting = new Map();
    scheduled = false;
    constructor(enqueueMany) {
        this.enqueueMany = enqueueMany;
    }
    add(job) {
        return new Promise((resolve, reject) => {
            let batch = this.waiting.get(job.queue);
            if (!batch) {
                batch = [];
                this.waiting.set(job.queue, batch);
            }
            batch.push({ job, resolve, reject });
            if (batch.length >= exports.ENQUEUE_BATCH_MAX) {
                this.waiting.delete(job.queue);
                this.write(batch);
            }
            else if (!this.scheduled) {
                this.scheduled = true;
                setImmediate(() => this.flush());
            }
        });
    }
    flush() {
        this.scheduled = false;
        const batches = [...this.waiting.values()];
        this.waiting.clear();
        for (const batch of batches)
            this.write(batch);
    }
    write(batch) {
        this.enqueueMany(batch.map((waiting) => waiting.job)).then((results) => batch.forEach((waiting, i) => waiting.resolve(results[i])), (err) => batch.forEach((waiting) => waiting.reject(err)));
    }
}
exports.EnqueueBatcher = EnqueueBatcher;
//# sourceMappingURL=enqueue-batcher.js.map