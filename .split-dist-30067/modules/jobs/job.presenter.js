"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.presentJob = presentJob;
const job_json_1 = require("../../domain/job-json");
/**
 * The API's view of a job is the domain's job JSON (src/domain/job-json.ts), the very document the
 * worker POSTs to callback URLs: one mapping, so the two cannot drift.
 */
function presentJob(job) {
    return (0, job_json_1.toJobJson)(job);
}
//# sourceMappingURL=job.presenter.js.map