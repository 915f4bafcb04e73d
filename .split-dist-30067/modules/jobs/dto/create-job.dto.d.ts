import { BackoffDto } from './backoff.dto';
/**
 * The payload's handling, as a decorator other DTOs with a job's fields apply too (a schedule's
 * job): only http jobs have a payload shape the service knows (built as HttpJobPayloadDto and
 * checked); any other payload is opaque JSON, never walked or copied here (its depth is bounded by
 * the pipe and JobsService).
 */
export declare const jobPayload: PropertyDecorator;
export declare class CreateJobDto {
    type: string;
    queue?: string;
    payload?: unknown;
    group?: string;
    priority?: number;
    delayMs?: number;
    runAt?: string | number;
    maxAttempts?: number;
    backoff?: BackoffDto;
    timeoutMs?: number;
    idempotencyKey?: string;
    callbackUrl?: string;
}
