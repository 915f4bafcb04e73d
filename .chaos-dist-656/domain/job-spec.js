"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.normalizeJobSpec = normalizeJobSpec;
const job_id_1 = require("./job-id");
const errors_1 = require("./errors");
const job_1 = require("./job");
/**
 * Applies defaults and the rules every entry point shares (API, bulk, executions, embedded code).
 * Shape and ranges are checked by the DTOs at the HTTP edge; this re-checks what embedded callers
 * could get wrong and what needs the clock or the payload's encoded size.
 */
function normalizeJobSpec(spec, opts, field = 'payload') {
    const queue = spec.queue ?? job_1.DEFAULT_QUEUE;
    if (!job_1.NAME_PATTERN.test(queue))
        throw new errors_1.InvalidJobSpecError('queue', 'must match [A-Za-z0-9_.:-]{1,100}');
    if (typeof spec.type !== 'string' || !job_1.NAME_PATTERN.test(spec.type)) {
        throw new errors_1.InvalidJobSpecError('type', 'must match [A-Za-z0-9_.:-]{1,100}');
    }
    if (spec.delayMs !== undefined && spec.runAt !== undefined) {
        throw new errors_1.InvalidJobSpecError('delayMs', 'cannot be given together with runAt');
    }
    const payloadJson = spec.payload === undefined ? 'null' : JSON.stringify(spec.payload);
    const size = Buffer.byteLength(payloadJson);
    if (size > opts.maxPayloadBytes)
        throw new errors_1.PayloadTooLargeError(field, size, opts.maxPayloadBytes);
    const runAt = spec.runAt ?? opts.now + (spec.delayMs ?? 0);
    return {
        id: (0, job_id_1.newJobId)(queue, opts.now),
        queue,
        type: spec.type,
        payloadJson,
        priority: spec.priority ?? 0,
        runAt,
        maxAttempts: spec.maxAttempts ?? job_1.DEFAULT_MAX_ATTEMPTS,
        backoff: spec.backoff ? { ...job_1.DEFAULT_BACKOFF, ...spec.backoff } : job_1.DEFAULT_BACKOFF,
        timeoutMs: spec.timeoutMs ?? job_1.DEFAULT_TIMEOUT_MS,
        idempotencyKey: spec.idempotencyKey,
        callbackUrl: spec.callbackUrl,
        executionId: spec.executionId,
    };
}
//# sourceMappingURL=job-spec.js.map