/** The jobs API: its module, and the pieces the executions API shares with it. */
export { JobsModule } from './jobs.module';
export { JobsService } from './jobs.service';
export { FairnessService } from './fairness.service';
export * from './job-limits';
export { toJobSpec } from './job-spec.mapper';
export * from './job.presenter';
export { CreateJobDto, jobPayload } from './dto/create-job.dto';
export { BackoffDto } from './dto/backoff.dto';
export { AcceptedQueues } from './accepted-queues';
export { IsRunAt, parseRunAt } from './validation/is-run-at.decorator';
export { JobPageResponseDto } from './dto/job-page-response.dto';
export { JobResponseDto } from './dto/job-response.dto';
export { PageQueryDto } from './dto/page-query.dto';
export { QueueCountsDto } from './dto/queue-counts.dto';
export { IsHttpUrl } from './validation/is-http-url.decorator';
export { JobEventHub } from './job-event-hub';
export type { HubSeat } from './job-event-hub';
export { WaitQueryDto } from './dto/wait-query.dto';
