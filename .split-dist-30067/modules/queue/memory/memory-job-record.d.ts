import { Job, JobStatus, NewJob } from '../../../domain/job';
/**
 * A job as the memory store keeps it: the fields a Redis job hash holds, payload and result as
 * JSON text. Only the store's own code writes it, but a test seam can damage it the way a bug or
 * a partial write could, so readers check it (`findMalformation`) before trusting it.
 */
export interface MemoryJobRecord extends Omit<Job, 'payload' | 'result' | 'run' | 'cancelRequested'> {
    payloadJson: string;
    resultJson?: string;
    /** Fencing token: bumped on every claim (the Job's run). */
    token: number;
    leaseExpiresAt?: number;
    cancelRequested: boolean;
}
/** A runAt at or before `now` is stored as `now` (= createdAt), as the Redis store reads a job due at once. */
export declare function createRecord(job: NewJob, status: JobStatus, now: number): MemoryJobRecord;
/**
 * What is wrong with a record, or undefined when every field a transition reads is sound. The
 * first problem found, in the order and words of src/lua/includes/job-record.lua (missing type,
 * missing status, then attempts, maxAttempts, priority, token "is not a number"), so both stores
 * fail a damaged record with the same error; then what only this store's records can lose.
 */
export declare function findMalformation(record: MemoryJobRecord): string | undefined;
/**
 * A fresh Job for callers (nothing shared with the record). `status` is the index the job sits
 * in, which is the truth; damaged fields read as neutral values so `get` never throws.
 */
export declare function toJob(record: MemoryJobRecord, status: JobStatus): Job;
