"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RetryBackoff = void 0;
const backoff_1 = require("../domain/backoff");
/** Capped exponential delays with jitter for retrying store calls; reset after a success. */
class RetryBackoff {
    baseMs;
    maxMs;
    attempt = 0;
    constructor(baseMs, maxMs) {
        this.baseMs = baseMs;
        this.maxMs = maxMs;
    }
    /** How many failures in a row so far. */
    get failures() {
        return this.attempt;
    }
    next() {
        this.attempt = Math.min(this.attempt + 1, 50);
        return (0, backoff_1.backoffDelay)({ strategy: 'exponential', delayMs: this.baseMs, maxDelayMs: this.maxMs }, this.attempt);
    }
    reset() {
        this.attempt = 0;
    }
}
exports.RetryBackoff = RetryBackoff;
//# sourceMappingURL=retry-backoff.js.map