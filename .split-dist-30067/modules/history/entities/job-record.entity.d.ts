/**
 * One row per job, upserted with its latest known state. The `*_version` columns hold the event
 * source's position of the event that last set a group of columns (the Redis stream entry id, or
 * the memory log's sequence): an upsert only replaces a group with a higher position, so an event
 * delivered late or twice never overwrites a newer state. Positions, not `at` times, decide,
 * because instances' clocks disagree and many transitions share a millisecond.
 */
export declare class JobRecordEntity {
    id: string;
    queue: string;
    /** Null until the job's `enqueued` event has been seen. */
    type: string | null;
    status: string;
    attempts: number;
    maxAttempts: number | null;
    priority: number | null;
    /**
     * The time in the job's id (when claimq accepted it), and the partition key: the table is
     * partitioned by it (migration PartitionHistory), keyed (created_at, id).
     */
    createdAt: Date;
    updatedAt: Date;
    /** Start of the latest attempt. */
    startedAt: Date | null;
    /** Set while the job is in a final state (succeeded, failed, cancelled). */
    finishedAt: Date | null;
    /** Worker of the latest attempt. */
    workerId: string | null;
    result: unknown;
    lastError: string | null;
    executionId: string | null;
    /** The recurring schedule that fired the job (Job.schedule.name), from its `enqueued` event. */
    scheduleName: string | null;
    /** The tick it fired the job for (Job.schedule.fireAt); set with schedule_name. */
    scheduleFireAt: Date | null;
    /** Position of the event that set status, attempts, updated_at, finished_at and result. */
    version: string;
    /** Position of the claim that set started_at and worker_id. */
    claimVersion: string | null;
    /** Position of the event that set last_error. */
    errorVersion: string | null;
}
