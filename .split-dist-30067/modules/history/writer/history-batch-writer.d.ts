import { DataSource } from 'typeorm';
import { HistoryGap, SourcedJobEvent } from '../../queue';
export interface BatchWriteReport {
    records: number;
    attempts: number;
    /** Jobs whose events Postgres refused as data (logged and skipped so the stream moves on). */
    rejected: Array<{
        jobId: string;
        reason: string;
    }>;
}
/**
 * Stores a batch of events: one upsert of job_records and one of job_attempts, in one
 * transaction. A batch that Postgres refuses as data (a value out of range...) is stored job by
 * job, and the jobs it still refuses are reported, so one bad event cannot stall history.
 * Any other error (Postgres away, ...) is thrown, and the caller retries the whole batch.
 */
export declare class HistoryBatchWriter {
    private readonly dataSource;
    constructor(dataSource: () => Promise<DataSource>);
    /** `gaps`: what the store dropped unread (history_gaps), written in the same transaction as the rows. */
    write(events: readonly SourcedJobEvent[], gaps?: readonly HistoryGap[]): Promise<BatchWriteReport>;
    private store;
}
/**
 * SQLSTATE classes 22 (data exception) and 23 (integrity): retrying the same rows cannot help.
 * Except a row refused by a partition's constraint: it was routed while the partition upkeep
 * attached the partition of its range (history-partitions.ts), and goes there when tried again.
 */
export declare function isDataError(err: unknown): boolean;
/** A batch's events by job, each job's in their order, jobs in order of their first event. */
export declare function groupByJob(events: readonly SourcedJobEvent[]): SourcedJobEvent[][];
