import { JobStatus } from '../../../domain/job';
import { JobJson, JobScheduleJson } from '../../../domain/job-json';
import { BackoffDto } from './backoff.dto';
export declare class JobScheduleResponseDto implements JobScheduleJson {
    name: string;
    fireAt: string;
}
/** A job as the API returns it: the domain Job with times as ISO-8601 strings. */
export declare class JobResponseDto implements JobJson {
    id: string;
    queue: string;
    type: string;
    payload: unknown;
    status: JobStatus;
    priority: number;
    attempts: number;
    maxAttempts: number;
    backoff: BackoffDto;
    timeoutMs: number;
    runAt: string;
    createdAt: string;
    updatedAt: string;
    startedAt?: string;
    finishedAt?: string;
    workerId?: string;
    result?: unknown;
    lastError?: string;
    lastErrorStack?: string;
    idempotencyKey?: string;
    callbackUrl?: string;
    executionId?: string;
    schedule?: JobScheduleResponseDto;
    group?: string;
    cancelRequested?: boolean;
    source: 'store';
}
