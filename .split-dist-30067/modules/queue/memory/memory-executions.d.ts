import { ExecutionRecord } from '../../../domain/execution';
import { JobStatus } from '../../../domain/job';
import { ExecutionPosition } from '../execution-list-cursor';
export interface MemoryExecution extends ExecutionRecord {
    /** The execution's job ids, in the order they were given. */
    jobIds: string[];
    idempotencyKey?: string;
}
/**
 * The executions of one queue, as the Redis scripts keep them: counters moved by every job
 * transition (MemoryQueue.insert and place call in), the refresh set of dirty executions, the
 * refreshes in flight (member '<id> <refresherId>' -> claim time, and a count per execution) and
 * the executions acknowledged final (id -> ack time), trimmed after their retention.
 */
export declare class MemoryExecutions {
    private readonly queue;
    readonly byId: Map<string, MemoryExecution>;
    /** Idempotency key -> execution id, freed when the execution is trimmed. */
    readonly idempotency: Map<string, string>;
    readonly refresh: Set<string>;
    readonly refreshing: Map<string, number>;
    private readonly inFlight;
    private readonly done;
    /** Every execution by (createdAt, id) ascending: the listing's index, as exec:all in Redis. */
    private readonly order;
    constructor(queue: string);
    /** The live execution `key` names, if any. */
    byIdempotencyKey(key: string | undefined): MemoryExecution | undefined;
    create(id: string, now: number, callbackUrl?: string, idempotencyKey?: string): MemoryExecution;
    /** Up to `limit` executions after `after` (from the newest without it), newest first; `more` when others follow. */
    list(limit: number, after: ExecutionPosition | undefined): {
        items: MemoryExecution[];
        more: boolean;
    };
    /** A new job joins the execution; an execution that is gone (trimmed) is not recreated. */
    addJob(executionId: string, jobId: string, status: JobStatus, now: number): void;
    /**
     * One job of the execution changes status: counters move, the execution is dirty. A job of a
     * trimmed execution (a retry) leaves no partial counters behind, as the scripts do.
     */
    move(executionId: string, from: JobStatus | undefined, to: JobStatus, now: number): void;
    claim(refresherId: string, max: number, now: number): ExecutionRecord[];
    ack(refresherId: string, ids: string[], callbacksEnqueued: string[], now: number): void;
    requeueStale(cutoff: number, limit: number): number;
    /** trim-executions.lua: done entries acknowledged before `cutoff`, re-checked, at most `limit`. */
    trim(cutoff: number, limit: number): number;
    /** How many executions of the index sort before `p` (ascending): where `p` is, or would go. */
    private countBefore;
    private endInFlight;
}
export declare function toRecord(execution: MemoryExecution): ExecutionRecord;
