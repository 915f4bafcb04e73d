"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.decodeExecution = decodeExecution;
const job_1 = require("../../../domain/job");
const job_id_1 = require("../../../domain/job-id");
/**
 * The execution counters hash (src/lua/includes/execution-counters.lua): one field per job status,
 * t total, ct/ut created/updated, v version, cb callback url, cbq callback enqueued ('1').
 */
function decodeExecution(id, h) {
    const counts = {};
    for (const status of job_1.JOB_STATUSES)
        counts[status] = Number(h[status] ?? 0);
    const record = {
        id,
        queue: (0, job_id_1.queueOfJobId)(id) ?? '',
        total: Number(h.t ?? 0),
        counts,
        createdAt: Number(h.ct ?? 0),
        updatedAt: Number(h.ut ?? h.ct ?? 0),
        version: Number(h.v ?? 0),
        callbackEnqueued: h.cbq === '1',
    };
    if (h.cb !== undefined)
        record.callbackUrl = h.cb;
    return record;
}
//# sourceMappingURL=redis-execution-codec.js.map