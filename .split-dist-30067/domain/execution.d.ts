import { JobStatus, QueueCounts } from './job';
import { newJobId, queueOfJobId } from './job-id';
/**
 * An execution: a group of jobs of one queue with one status. Plain TypeScript, shared by both
 * stores, the refresh and the API.
 */
export declare const EXECUTION_STATUSES: readonly ["running", "succeeded", "failed", "partial"];
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/** Most jobs one execution may hold (POST /executions). */
export declare const MAX_EXECUTION_JOBS = 10000;
/** What a store is asked to create: the jobs come separately, each with `executionId = id`. */
export interface NewExecution {
    id: string;
    queue: string;
    callbackUrl?: string;
    /**
     * A repeat with the key of a live execution of the queue returns that execution and adds
     * nothing. The key is freed when the execution is trimmed (EXECUTION_RETENTION_MS).
     */
    idempotencyKey?: string;
}
/**
 * An execution as a store keeps it: its counters, kept exact by the same atomic step as every job
 * transition. `version` grows on every change of the counters, so a status written from an older
 * read never overwrites a newer one.
 */
export interface ExecutionRecord {
    id: string;
    queue: string;
    total: number;
    counts: QueueCounts;
    createdAt: number;
    updatedAt: number;
    version: number;
    callbackUrl?: string;
    /** The callback job has been enqueued (once per execution). */
    callbackEnqueued: boolean;
}
/** The execution as the API and the callback show it. */
export interface Execution extends ExecutionRecord {
    status: ExecutionStatus;
    finishedAt?: number;
}
/**
 * running until every job is final; then succeeded (all succeeded), failed (none succeeded: all
 * failed or cancelled) or partial. An execution whose jobs all matched existing idempotency keys
 * holds none, and is vacuously succeeded.
 */
export declare function deriveExecutionStatus(counts: QueueCounts, total: number): ExecutionStatus;
export declare function isExecutionFinal(status: ExecutionStatus): boolean;
/**
 * The record with its status. The last change of the counters is the one that made the execution
 * final, so a final execution finished at its `updatedAt`.
 */
export declare function toExecution(record: ExecutionRecord): Execution;
/** The counters of a status change: one job leaves `from` (absent for a new job) and joins `to`. */
export declare function moveCount(counts: QueueCounts, from: JobStatus | undefined, to: JobStatus): void;
/** Execution ids carry their queue as job ids do, so the execution's keys need no lookup. */
export declare const newExecutionId: typeof newJobId;
export declare const queueOfExecutionId: typeof queueOfJobId;
