/**
 * claimq as a library: what a NestJS app imports from 'claimq'. The service's own entry point is
 * main.ts; an app that embeds claimq builds the same module tree with AppModule.forRoot, adds its
 * own @JobHandler providers next to it, and calls configureApp before listening.
 */
export { AppModule } from './app.module';
export { configureApp } from './configure-app';
export { AppConfig, loadAppConfig } from './config/app-config';
export { QueueModule } from './modules/queue/queue.module';
export { JobStore } from './modules/queue/job-store';
export * from './modules/claim';
export type { Job, JobSpec, JobStatus, BackoffOptions, QueueCounts } from './domain/job';
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
