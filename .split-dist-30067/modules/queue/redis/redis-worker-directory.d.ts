import { Clock } from '../../../domain/clock';
import { DeadWorkerRecord, PublishedWorker, WorkerInfo } from '../../../domain/worker-info';
import { WorkerDirectory } from '../worker-directory';
import type { RedisClient } from './redis-connection';
import { RedisQueueKeys } from './redis-queue-keys';
import { ScriptName } from './redis-scripts';
type RunScript = (script: ScriptName, args: (string | number)[]) => Promise<unknown>;
type Call = <T>(op: () => Promise<T>) => Promise<T>;
/**
 * The Redis WorkerDirectory: every key in WORKERS_KEY_SPACE's slot (redis-queue-keys.ts). A
 * heartbeat is one MULTI (HSET info + ZADD beats), so the hash and the zset name the same workers;
 * reads go through the zset (ZREVRANGEBYSCORE, bounded) and HMGET; forgetting silent entries is
 * workers-forget.lua; a dead worker is LPUSH + LTRIM in one MULTI.
 */
export declare class RedisWorkerDirectory extends WorkerDirectory {
    private readonly redis;
    private readonly keys;
    private readonly run;
    private readonly call;
    private readonly clock;
    constructor(redis: RedisClient, keys: RedisQueueKeys, run: RunScript, call: Call, clock: Clock);
    publish(info: WorkerInfo): Promise<void>;
    remove(workerId: string): Promise<void>;
    live(silentMs: number, limit: number): Promise<PublishedWorker[]>;
    find(workerIds: string[]): Promise<PublishedWorker[]>;
    forgetSilent(silentMs: number, limit: number): Promise<string[]>;
    recordDead(record: DeadWorkerRecord): Promise<void>;
    dead(): Promise<DeadWorkerRecord[]>;
    /** `beats`: id, score pairs; the workers among them whose info reads back. */
    private withInfo;
    /** Runs a MULTI; a command's error is thrown, the replies returned in order. */
    private exec;
}
export {};
