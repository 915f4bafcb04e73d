import { RedisServerInfo } from './redis-server-info';
import { StoreHealth } from '../store-health';
interface RedisLikeStore {
    ping(): Promise<void>;
    serverInfo?(): Promise<RedisServerInfo>;
    /** Throws when the store cannot run at all (a Redis Cluster that does not answer, or is not ok). */
    checkTopology?(timeoutMs: number): Promise<void>;
}
/**
 * Redis: pings over the store's own connection, and checks the server's version and memory
 * settings: at start (a Redis below MIN_REDIS_VERSION stops the start; an eviction policy other
 * than noeviction is logged as a warning naming it) and in readiness (the policy is in the
 * details; an allkeys-* policy fails readiness unless REDIS_ALLOW_EVICTION=true).
 */
export declare class RedisStoreHealth extends StoreHealth {
    readonly name: string;
    private readonly store;
    private readonly allowEviction;
    private readonly logger;
    private cached;
    constructor(name: string, store: RedisLikeStore, allowEviction: boolean);
    ping(): Promise<void>;
    /** The start check; a Redis that cannot be reached now is checked by readiness once it can. */
    checkAtStart(): Promise<void>;
    settings(): Promise<{
        details: Record<string, unknown>;
        unfit?: string;
    }>;
    private info;
}
export {};
