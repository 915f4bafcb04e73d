"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.earliestRetryAt = earliestRetryAt;
const backoff_1 = require("../../domain/backoff");
/**
 * The earliest time a retry the store just scheduled can be due: the store puts it at its own
 * now (at or after the attempt started) plus retryDelayMs or the job's backoff, whose jitter only
 * adds to the delay computed here. undefined when the start is not known: maybe due now.
 */
function earliestRetryAt(job, request) {
    if (job.startedAt === undefined)
        return undefined;
    const retryDelayMs = 'retryDelayMs' in request ? request.retryDelayMs : undefined;
    return job.startedAt + (retryDelayMs ?? (0, backoff_1.backoffDelay)(job.backoff, job.attempts, () => 0));
}
//# sourceMappingURL=retry-due-time.js.map