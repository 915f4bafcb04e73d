"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.backoffDelay = backoffDelay;
/**
 * Delay before the next attempt after `attempt` failed attempts (attempt >= 1).
 * Exponential: delayMs * 2^(attempt-1), with "equal jitter" (half fixed, half random) so a burst
 * of failures does not retry in lockstep; always capped by maxDelayMs.
 * `random` is injectable so tests are deterministic.
 */
function backoffDelay(backoff, attempt, random = Math.random) {
    const cap = backoff.maxDelayMs ?? Number.MAX_SAFE_INTEGER;
    if (backoff.strategy === 'fixed')
        return Math.min(backoff.delayMs, cap);
    const exp = Math.min(backoff.delayMs * 2 ** Math.max(0, attempt - 1), cap);
    const half = exp / 2;
    return Math.min(Math.round(half + random() * half), cap);
}
//# sourceMappingURL=backoff.js.map