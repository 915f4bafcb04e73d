"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.abortableSleep = abortableSleep;
/** Resolves after ms, or at once when signal aborts (never rejects). */
function abortableSleep(ms, signal) {
    if (signal?.aborted)
        return Promise.resolve();
    return new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done, { once: true });
    });
}
//# sourceMappingURL=abortable-sleep.js.map