import { RedisClient } from './redis-connection';
import { RedisQueueKeys } from './redis-queue-keys';
import { ScriptName } from './script-keys';
export type { ScriptName } from './script-keys';
type ScriptArg = string | number;
/** REDIS_WAIT_REPLICAS and REDIS_WAIT_TIMEOUT_MS: replicas a write waits for before it is acknowledged. */
export interface ReplicaWait {
    replicas: number;
    timeoutMs: number;
}
/**
 * The Lua scripts, registered on one client with defineCommand: ioredis sends EVALSHA and reloads
 * the script on NOSCRIPT by itself (a promoted replica starts with an empty script cache), and on a
 * cluster follows MOVED and ASK and retries through a failover. Scripts are read from disk once per
 * process.
 */
export declare class RedisScripts {
    private readonly redis;
    constructor(redis: RedisClient);
    /**
     * The keys are the queue's keys this script's SCRIPT_KEYS entry names. Keys and arguments go as arrays, which ioredis flattens into the command: spread into the call
     * they would be function arguments, and V8 throws RangeError past about 120,000 of them (an
     * execution of 10,000 jobs sends up to 26 per job).
     */
    run(script: ScriptName, queue: RedisQueueKeys, args: ScriptArg[]): Promise<unknown>;
    /**
     * Runs a script and then WAIT for `wait.replicas` replicas, in one pipeline: the WAIT goes to the
     * node that ran the script, right after it on the same connection, so it waits for exactly that
     * write (WAIT inside a script does not block). ioredis does not send a pipeline with a write
     * again after MOVED, so this call retries the pair itself, for up to DURABLE_RETRY_MS: every
     * script is safe to run twice. Fewer replicas than asked within the timeout is
     * StoreUnavailableError: the write is on the master, but a failover now could lose it.
     */
    runDurable(script: ScriptName, queue: RedisQueueKeys, args: ScriptArg[], wait: ReplicaWait): Promise<unknown>;
}
/**
 * Each script with the prelude that names its KEYS (script-keys.ts), after its `#!lua` line
 * (which must stay first). A script file without an entry in SCRIPT_KEYS is an error: it would run
 * with no keys.
 */
export declare function withKeyPreludes(scripts: Map<string, string>): Map<string, string>;
