"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.withinTimeout = withinTimeout;
/** Resolves with `work`, or rejects after `ms` with "timed out after <ms>ms" (the work is not cancelled). */
function withinTimeout(work, ms) {
    let timer;
    const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms}ms`)), ms);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
//# sourceMappingURL=within-timeout.js.map