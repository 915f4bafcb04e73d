/**
 * claimq as a library: what a NestJS app imports from 'claimq'. The service's own entry point is
 * main.ts, built from the same ClaimqModule. An app that embeds claimq imports
 * ClaimqModule.forRoot({...}) (or forRootAsync) next to its own @JobHandler providers and calls
 * configureApp(app) before listening; see examples/embedded-app.
 */
export { ClaimqModule } from './claimq.module';
export { claimqConfig } from './claimq-options';
export type { ClaimqModuleAsyncOptions, ClaimqModuleOptions } from './claimq-options';
export { configureApp } from './configure-app';
export { AppConfig } from './config/app-config';
// the job engine's ports an embedding app may inject (QueueModule provides each under its class)
export { JobQueue, JobAdmin, ExecutionStore } from './modules/queue';
export type { ClaimResult, CompleteRequest, FailRequest, SettleOutcome, ListPage, ListQuery, ExecutionPage, RefreshBacklog } from './modules/queue';
export * from './modules/claim';
export { SchedulesService } from './modules/schedules';
export { ExecutionsService } from './modules/executions';
export type { ScheduleSpec, ScheduleDetail } from './modules/schedules';
export { FairnessService } from './modules/jobs';
export type { GroupLimit, GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch, RateLimit } from './domain/fairness';
export type {
  Job,
  JobSchedule,
  JobSpec,
  JobStatus,
  BackoffOptions,
  QueueCounts,
  NewJob,
  ClaimedJob,
  Lease,
  HeartbeatOutcome,
  EnqueueResult,
} from './domain/job';
export type { ExecutionRecord, NewExecution } from './domain/execution';
export type { OldestPending } from './domain/queue-stats';
export type { JobEvent, JobEventKind } from './domain/job-event';
export { TRANSITIONS, endAttempt } from './domain/job-lifecycle';
export {
  ClaimqError,
  ExecutionNotFoundError,
  InvalidJobSpecError,
  InvalidTransitionError,
  JobNotFoundError,
  PayloadTooLargeError,
  StoreOutOfMemoryError,
  StoreUnavailableError,
} from './domain/errors';
