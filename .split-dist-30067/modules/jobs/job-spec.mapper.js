"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toJobSpec = toJobSpec;
const job_1 = require("../../domain/job");
const is_run_at_decorator_1 = require("./validation/is-run-at.decorator");
/**
 * A validated request body -> the domain's JobSpec. Copies only the fields that were given, so
 * the DTO's unset (undefined or null) properties never override a domain default.
 */
function toJobSpec(dto) {
    const spec = { type: dto.type };
    if (dto.queue != null)
        spec.queue = dto.queue;
    if (dto.payload !== undefined)
        spec.payload = dto.payload;
    if (dto.priority != null)
        spec.priority = dto.priority;
    if (dto.delayMs != null)
        spec.delayMs = dto.delayMs;
    if (dto.runAt != null)
        spec.runAt = (0, is_run_at_decorator_1.parseRunAt)(dto.runAt);
    if (dto.maxAttempts != null)
        spec.maxAttempts = dto.maxAttempts;
    if (dto.backoff != null)
        spec.backoff = toBackoff(dto.backoff);
    if (dto.timeoutMs != null)
        spec.timeoutMs = dto.timeoutMs;
    if (dto.idempotencyKey != null)
        spec.idempotencyKey = dto.idempotencyKey;
    if (dto.callbackUrl != null)
        spec.callbackUrl = dto.callbackUrl;
    if (dto.group != null)
        spec.group = dto.group;
    return spec;
}
/**
 * Without maxDelayMs the domain's cap (1 h) applies, except that it never cuts below the delay
 * the client asked for: `{strategy: 'fixed', delayMs: 7200000}` waits 2 h, as written.
 */
function toBackoff(dto) {
    const defaultCap = job_1.DEFAULT_BACKOFF.maxDelayMs ?? dto.delayMs;
    return {
        strategy: dto.strategy,
        delayMs: dto.delayMs,
        maxDelayMs: dto.maxDelayMs ?? Math.max(defaultCap, dto.delayMs),
    };
}
//# sourceMappingURL=job-spec.mapper.js.map