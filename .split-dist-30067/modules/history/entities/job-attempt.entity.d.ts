/** How an attempt ended; `running` while it has not (or its end is not known yet). */
export type AttemptOutcome = 'running' | 'succeeded' | 'failed' | 'released' | 'expired' | 'cancelled';
/**
 * One row per attempt, keyed (job_id, run); the key also serves "attempts of a job", in run order.
 * `run` is the job's fencing token of the attempt (bumped on every claim, never reset), so each
 * attempt keeps its own row although attempt numbers are used again (a released attempt is given
 * back; an API retry restarts the count at 1). Rows written before run numbers have run = attempt:
 * such a row follows the newest claim of that number (claim_version), and an end older than that
 * claim is not shown as its outcome. A job's successful attempt claimed and ended within one batch
 * has no row: the job's row holds it (job-history-fold.ts heldByRecord).
 */
export declare class JobAttemptEntity {
    jobId: string;
    run: number;
    /** The job's history key (the time in its id), the partition key. */
    createdAt: Date;
    /** Attempt number, from 1 (repeats across runs after a release or an API retry). */
    attempt: number;
    workerId: string | null;
    /** Null when the attempt's end was seen but not its claim. */
    startedAt: Date | null;
    finishedAt: Date | null;
    outcome: AttemptOutcome;
    error: string | null;
    claimVersion: string | null;
    endVersion: string | null;
}
