import { HttpJobSecrets } from './http-job-secrets';
import { JobSpec, NewJob } from './job';
export interface NormalizeOptions {
    now: number;
    maxPayloadBytes: number;
    /** Seals the secret headers of `http` jobs for storage (JobsService passes it; callbacks carry none). */
    secrets?: Pick<HttpJobSecrets, 'seal'>;
    /**
     * An `http` job without a group gets its target host's group (`host:<host>`, fairness.ts
     * hostGroupOf): on while HTTP_HOST_CONCURRENCY is more than 0. Off: it stays in the default group.
     */
    hostGroups?: boolean;
}
/**
 * Applies defaults and the rules every entry point shares (API, bulk, executions, embedded code).
 * Shape and ranges are checked by the DTOs at the HTTP edge; this re-checks what embedded callers
 * could get wrong and what needs the clock or the payload's encoded size.
 */
export declare function normalizeJobSpec(spec: JobSpec, opts: NormalizeOptions, field?: string): NewJob;
/**
 * The group a job without one gets while host groups are on: an `http` job's target host's group;
 * any other job none (the queue's default group). Undefined also for a payload without a usable url.
 */
export declare function defaultGroupOf(type: string, payload: unknown): string | undefined;
