import { SetMetadata } from '@nestjs/common';
import { NAME_PATTERN } from '../../domain/job';

export const JOB_HANDLER_METADATA = 'claimq:job-handler';

/**
 * Marks a provider method as the handler of a job type. ClaimModule finds it at start
 * (HandlerDiscoveryService) and calls it with a JobContext, bound to its instance.
 *
 *   @Injectable() class ReportJobs { @JobHandler('report.build') build(ctx: JobContext<{ id: string }>) {...} }
 */
export function JobHandler(type: string): MethodDecorator {
  if (!NAME_PATTERN.test(type)) throw new Error(`@JobHandler('${type}'): a job type must match [A-Za-z0-9_.:-]{1,100}`);
  return SetMetadata(JOB_HANDLER_METADATA, type);
}
