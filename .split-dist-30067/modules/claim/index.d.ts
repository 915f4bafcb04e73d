/** What embedding code uses from the worker runtime. */
export { ClaimModule } from './claim.module';
export { JobHandler } from './job-handler.decorator';
export { HandlerRegistry } from './handler-registry';
export type { JobContext, JobHandlerFn, JobMetadata } from './job-context';
export { NonRetryableJobError } from './non-retryable-job.error';
export { RetryableJobError } from './retryable-job.error';
export { JobAbortedError } from './job-aborted.error';
export type { AbortCause } from './job-aborted.error';
export { WorkerIdentity } from './worker-identity';
export type { HttpJobPayload } from './http/http-job-request';
export type { HttpJobResult } from './http/http-job.handler';
export { WORKER_OBSERVER } from './worker-observer';
export type { WorkerObserver, WorkerSlots } from './worker-observer';
