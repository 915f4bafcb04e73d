import { Job } from '../../domain/job';
import { CompleteRequest, FailRequest } from '../queue';
/**
 * The earliest time a retry the store just scheduled can be due: the store puts it at its own
 * now (at or after the attempt started) plus retryDelayMs or the job's backoff, whose jitter only
 * adds to the delay computed here. undefined when the start is not known: maybe due now.
 */
export declare function earliestRetryAt(job: Job, request: CompleteRequest | FailRequest): number | undefined;
