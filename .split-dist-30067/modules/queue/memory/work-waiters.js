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
    /**
     * Wakes so far, and touches (a change workers must look at that woke nobody): the queue's wake
     * count, as includes/work-state.lua keeps it for a partitioned queue's board.
     */
    count = 0;
    get size() {
        return this.waiting.size;
    }
    get wakeCount() {
        return this.count;
    }
    /** Resolves true when a wake ended the wait, false on its timeout or abort. */
    wait(timeoutMs, signal) {
        if (signal?.aborted)
            return Promise.resolve(false);
        if (this.missedWake) {
            this.missedWake = false;
            return Promise.resolve(true);
        }
        return new Promise((resolve) => {
            const done = (woken) => {
                clearTimeout(timer);
                signal?.removeEventListener('abort', aborted);
                this.waiting.delete(done);
                resolve(woken);
            };
            const aborted = () => done(false);
            const timer = setTimeout(aborted, Math.max(0, timeoutMs));
            signal?.addEventListener('abort', aborted, { once: true });
            this.waiting.add(done);
        });
    }
    wakeAll() {
        this.count++;
        if (this.waiting.size === 0) {
            this.missedWake = true;
            return;
        }
        for (const done of [...this.waiting])
            done(true);
    }
    /** Bumps the wake count without waking anyone. */
    touch() {
        this.count++;
    }
}
exports.WorkWaiters = WorkWaiters;
//# sourceMappingURL=work-waiters.js.map