/** An execution (a group of jobs with one status), written by the execution refresh. */
export declare class ExecutionEntity {
    id: string;
    queue: string;
    status: string;
    total: number;
    pending: number;
    scheduled: number;
    running: number;
    succeeded: number;
    failed: number;
    cancelled: number;
    callbackUrl: string | null;
    /** Fixed at creation; the partition key (the table is partitioned by it, keyed (id, created_at)). */
    createdAt: Date;
    updatedAt: Date;
    finishedAt: Date | null;
    /** The store's counters version this row was written from (bigint: read back as text). */
    version: string;
}
