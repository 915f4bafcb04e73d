export { createClaimqClient, ClaimqClient, type ClaimqClientOptions, type CallOptions, type WaitOptions, type QueueEventStreamOptions } from './client';
export type { EventStreamOptions, JobChange, JobChangeKind, JobStreamEvent, QueueStreamEvent } from './event-streams';
export { ClaimqApiError } from './claimq-api-error';
export * from './verify-callback';
export type { RetryOptions, FetchFn } from './retrying-fetch';
export type * from './api-types';
export type { paths, components, operations } from './schema';
export {
  Worker,
  PermanentJobError,
  RetryJobLaterError,
  JobAbortedError,
  type WorkerOptions,
  type WorkerSettings,
  type WorkerLogger,
  type JobHandler,
  type JobContext,
  type JobAbortReason,
  type ClaimedJob,
  type WorkerJob,
} from './worker';
