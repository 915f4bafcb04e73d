import type { RedisClient } from './redis-connection';
import { ExecutionRecord, NewExecution } from '../../../domain/execution';
import { NewJob } from '../../../domain/job';
import { ExecutionPage, ListPage, RefreshBacklog } from '../job-store';
import { ExecutionPosition } from '../execution-list-cursor';
import { RedisQueueKeys } from './redis-queue-keys';
import { ScriptName } from './redis-scripts';
type RunScript = (script: ScriptName, queue: string, args: (string | number)[], now?: number) => Promise<unknown>;
/**
 * The execution operations of the Redis store. Counters live in one hash per execution under the
 * queue's hash tag, changed only by the scripts, in the same call as each job transition.
 */
export declare class RedisExecutions {
    private readonly redis;
    private readonly keys;
    private readonly run;
    constructor(redis: RedisClient, keys: (queue: string) => RedisQueueKeys, run: RunScript);
    create(execution: NewExecution, jobs: NewJob[], now: number): Promise<ExecutionRecord>;
    get(id: string): Promise<ExecutionRecord | null>;
    /** A page of the queue's executions after `after`, newest first (list-executions.lua). */
    list(queue: string, limit: number, after: ExecutionPosition | undefined): Promise<ExecutionPage>;
    /** Offset cursor: an execution's job list never changes once created. Deleted jobs are skipped. */
    listJobs(id: string, limit: number, cursor?: string): Promise<ListPage>;
    cancel(id: string): Promise<ExecutionRecord>;
    claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]>;
    ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void>;
    requeueStale(queue: string, staleMs: number, limit: number): Promise<number>;
    trim(queue: string, retentionMs: number, limit: number): Promise<number>;
    backlog(queue: string): Promise<RefreshBacklog>;
    private queueOf;
    private keysOf;
}
export {};
