"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.normalizeJobSpec = normalizeJobSpec;
exports.defaultGroupOf = defaultGroupOf;
const fairness_1 = require("./fairness");
const http_job_1 = require("./http-job");
const job_id_1 = require("./job-id");
const errors_1 = require("./errors");
const job_1 = require("./job");
/** The latest time a Date holds: a later fireAt could not be shown as ISO-8601 (toJobJson). */
const MAX_DATE_MS = 8_640_000_000_000_000;
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
    // the limit is on what the client sent: a sealed secret is longer than the value it seals
    const stored = opts.secrets ? opts.secrets.seal(spec.type, spec.payload) : spec.payload;
    const runAt = spec.runAt ?? opts.now + (spec.delayMs ?? 0);
    const schedule = spec.schedule === undefined ? undefined : normalizeSchedule(spec.schedule);
    if (spec.group !== undefined && (typeof spec.group !== 'string' || !job_1.NAME_PATTERN.test(spec.group))) {
        throw new errors_1.InvalidJobSpecError('group', 'must match [A-Za-z0-9_.:-]{1,100}');
    }
    const group = spec.group ?? (opts.hostGroups ? defaultGroupOf(spec.type, spec.payload) : undefined);
    const job = {
        id: (0, job_id_1.newJobId)(queue, opts.now),
        queue,
        type: spec.type,
        payloadJson: stored === spec.payload ? payloadJson : JSON.stringify(stored),
        priority: spec.priority ?? 0,
        runAt,
        maxAttempts: spec.maxAttempts ?? job_1.DEFAULT_MAX_ATTEMPTS,
        backoff: spec.backoff ? { ...job_1.DEFAULT_BACKOFF, ...spec.backoff } : job_1.DEFAULT_BACKOFF,
        timeoutMs: spec.timeoutMs ?? job_1.DEFAULT_TIMEOUT_MS,
        idempotencyKey: spec.idempotencyKey,
        callbackUrl: spec.callbackUrl,
        executionId: spec.executionId,
        schedule,
    };
    if (group !== undefined)
        job.group = group;
    return job;
}
/**
 * The group a job without one gets while host groups are on: an `http` job's target host's group;
 * any other job none (the queue's default group). Undefined also for a payload without a usable url.
 */
function defaultGroupOf(type, payload) {
    if (type !== http_job_1.HTTP_JOB_TYPE || typeof payload !== 'object' || payload === null)
        return undefined;
    const { url } = payload;
    return typeof url === 'string' ? (0, fairness_1.hostGroupOf)(url) : undefined;
}
/** A copy: the stores keep what they are given, and the caller's object stays its own. */
function normalizeSchedule(schedule) {
    if (typeof schedule !== 'object' || schedule === null)
        throw new errors_1.InvalidJobSpecError('schedule', 'must be an object with a name and a fireAt');
    const { name, fireAt } = schedule;
    if (typeof name !== 'string' || !job_1.NAME_PATTERN.test(name))
        throw new errors_1.InvalidJobSpecError('schedule.name', 'must match [A-Za-z0-9_.:-]{1,100}');
    if (!Number.isInteger(fireAt) || fireAt < 0 || fireAt > MAX_DATE_MS) {
        throw new errors_1.InvalidJobSpecError('schedule.fireAt', `must be a whole number of epoch ms from 0 to ${MAX_DATE_MS}`);
    }
    return { name, fireAt };
}
//# sourceMappingURL=job-spec.js.map