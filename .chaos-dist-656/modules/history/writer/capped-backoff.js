"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CappedBackoff = void 0;
exports.sleep = sleep;
/** Waits that double from `initialMs` up to `maxMs`, reset by a success. */
class CappedBackoff {
    initialMs;
    maxMs;
    next;
    constructor(initialMs, maxMs) {
        this.initialMs = initialMs;
        this.maxMs = maxMs;
        this.next = initialMs;
    }
    /** The next wait, doubling the one after (with up to 20% jitter so writers do not align). */
    take() {
        const wait = this.next;
        this.next = Math.min(this.next * 2, this.maxMs);
        return Math.round(wait * (0.8 + Math.random() * 0.2));
    }
    reset() {
        this.next = this.initialMs;
    }
}
exports.CappedBackoff = CappedBackoff;
/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms, signal) {
    if (signal.aborted)
        return Promise.resolve();
    return new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done);
    });
}
//# sourceMappingURL=capped-backoff.js.map