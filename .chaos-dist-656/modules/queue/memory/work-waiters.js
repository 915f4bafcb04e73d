"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WorkWaiters = void 0;
/**
 * Parked `waitForWork` calls of one queue. A wake resolves them all (spurious wake-ups are
 * allowed by the contract); each wait also ends on its timeout or its AbortSignal. No polling.
 * A wake that finds nobody waiting is remembered for the next wait, as the Redis store's wake
 * list keeps its token: work enqueued between a worker's empty claim and its wait is not missed.
 */
class WorkWaiters {
    waiting = new Set();
    missedWake = false;
    get size() {
        return this.waiting.size;
    }
    wait(timeoutMs, signal) {
        if (signal?.aborted)
            return Promise.resolve();
        if (this.missedWake) {
            this.missedWake = false;
            return Promise.resolve();
        }
        return new Promise((resolve) => {
            const done = () => {
                clearTimeout(timer);
                signal?.removeEventListener('abort', done);
                this.waiting.delete(done);
                resolve();
            };
            const timer = setTimeout(done, Math.max(0, timeoutMs));
            signal?.addEventListener('abort', done, { once: true });
            this.waiting.add(done);
        });
    }
    wakeAll() {
        if (this.waiting.size === 0) {
            this.missedWake = true;
            return;
        }
        for (const done of [...this.waiting])
            done();
    }
}
exports.WorkWaiters = WorkWaiters;
//# sourceMappingURL=work-waiters.js.map