"use strict";
/**
 * The job model shared by every store, the API and the worker runtime.
 * Plain TypeScript: no Nest, no ioredis, no TypeORM.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_BACKOFF = exports.DEFAULT_QUEUE = exports.DEFAULT_TIMEOUT_MS = exports.DEFAULT_MAX_ATTEMPTS = exports.MAX_ATTEMPTS_LIMIT = exports.PRIORITY_MAX = exports.PRIORITY_MIN = exports.NAME_PATTERN = exports.FINAL_STATUSES = exports.JOB_STATUSES = void 0;
exports.emptyCounts = emptyCounts;
exports.isFinal = isFinal;
exports.JOB_STATUSES = ['pending', 'scheduled', 'running', 'succeeded', 'failed', 'cancelled'];
exports.FINAL_STATUSES = new Set(['succeeded', 'failed', 'cancelled']);
/** Names of queues and job types: `[A-Za-z0-9_.:-]{1,100}`. */
exports.NAME_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
exports.PRIORITY_MIN = -1000;
exports.PRIORITY_MAX = 1000;
exports.MAX_ATTEMPTS_LIMIT = 100;
exports.DEFAULT_MAX_ATTEMPTS = 3;
exports.DEFAULT_TIMEOUT_MS = 90_000;
exports.DEFAULT_QUEUE = 'default';
exports.DEFAULT_BACKOFF = { strategy: 'exponential', delayMs: 1000, maxDelayMs: 3_600_000 };
function emptyCounts() {
    return { pending: 0, scheduled: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
}
function isFinal(status) {
    return exports.FINAL_STATUSES.has(status);
}
//# sourceMappingURL=job.js.map