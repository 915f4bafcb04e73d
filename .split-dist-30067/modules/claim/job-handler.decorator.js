"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JOB_HANDLER_METADATA = void 0;
exports.JobHandler = JobHandler;
const common_1 = require("@nestjs/common");
const job_1 = require("../../domain/job");
exports.JOB_HANDLER_METADATA = 'claimq:job-handler';
/**
 * Marks a provider method as the handler of a job type. ClaimModule finds it at start
 * (HandlerDiscoveryService) and calls it with a JobContext, bound to its instance.
 *
 *   @Injectable() class ReportJobs { @JobHandler('report.build') build(ctx: JobContext<{ id: string }>) {...} }
 */
function JobHandler(type) {
    if (!job_1.NAME_PATTERN.test(type))
        throw new Error(`@JobHandler('${type}'): a job type must match [A-Za-z0-9_.:-]{1,100}`);
    return (0, common_1.SetMetadata)(exports.JOB_HANDLER_METADATA, type);
}
//# sourceMappingURL=job-handler.decorator.js.map