export declare const JOB_HANDLER_METADATA = "claimq:job-handler";
/**
 * Marks a provider method as the handler of a job type. ClaimModule finds it at start
 * (HandlerDiscoveryService) and calls it with a JobContext, bound to its instance.
 *
 *   @Injectable() class ReportJobs { @JobHandler('report.build') build(ctx: JobContext<{ id: string }>) {...} }
 */
export declare function JobHandler(type: string): MethodDecorator;
