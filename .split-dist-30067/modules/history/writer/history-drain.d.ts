import { HistoryGap, JobEventSource, SourcedJobEvent } from '../../queue';
import { BatchWriteReport } from './history-batch-writer';
export interface HistoryDrainOptions {
    batchSize: number;
    /**
     * How long a batch holding unfinished jobs may wait for more reads, so that a job that finishes
     * within it is written once, final (HISTORY_COALESCE_MS). 0: every batch is written as read.
     */
    coalesceMs?: number;
    /** First wait after a failure; doubles up to retryMaxMs. */
    retryInitialMs?: number;
    retryMaxMs?: number;
    log?: HistoryDrainLog;
}
export interface HistoryDrainLog {
    warn(message: string): void;
    error(message: string): void;
}
/** Stores events, and the gaps read with them in the same transaction. */
type Write = (events: readonly SourcedJobEvent[], gaps: readonly HistoryGap[]) => Promise<BatchWriteReport>;
/**
 * Moves events from one source into Postgres: read a batch, store it (retrying the same batch
 * with a capped backoff for as long as Postgres refuses), then acknowledge it. Nothing is
 * acknowledged before it is stored, so a writer that dies or stops mid-batch loses nothing the
 * source can redeliver. Runs beside the claim path: a slow or absent database delays history only.
 */
export declare class HistoryDrain {
    readonly source: JobEventSource;
    private readonly write;
    private readonly options;
    private readonly stopping;
    private reading;
    /** Coalescing: batches read and not yet stored are in hand. */
    private holding;
    private loop?;
    private readonly backoff;
    private failures;
    /** Batches stored and acknowledged since start (for tests and metrics). */
    stored: number;
    constructor(source: JobEventSource, write: Write, options: HistoryDrainOptions);
    start(): void;
    /**
     * Stops after the batches in hand are stored and acknowledged (or abandoned, while Postgres is
     * away). A read that blocks with nothing in hand is cut short; a coalescing read ends within
     * coalesceMs by itself, and the source stays open to acknowledge what it holds.
     */
    stop(): Promise<void>;
    private get stopped();
    private run;
    /**
     * Reads on while the batches in hand hold a job that has not finished, for up to coalesceMs
     * and COALESCE_BATCHES batches: a job enqueued, claimed and completed within that time is then
     * folded into one final row, inserted once instead of inserted and updated (which leaves dead
     * rows and index entries behind until vacuum). Nothing is acknowledged before it is stored.
     */
    private coalesce;
    private read;
    /**
     * true once stored; false when stopped first. A batch larger than batchSize events (entries of
     * large script calls) is written in slices of batchSize, each one statement per table; a slice
     * stored before a failure is written again on the retry, which the upsert rules make harmless.
     * The batch's gaps go with its first slice (a batch of gaps only: one write of them), and a gap
     * written twice is stored once (its id).
     */
    private store;
    /** Tried once even when stopping (the batches in hand), and again while not stopped. */
    private storeSlice;
    private acknowledge;
    private failed;
    private recovered;
}
export {};
