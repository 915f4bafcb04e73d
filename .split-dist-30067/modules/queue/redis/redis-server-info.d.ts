import type { Cluster, Redis } from 'ioredis';
/** Scripts carry `#!lua` flags (allow-oom, no-writes), which Redis understands from 7.0. */
export declare const MIN_REDIS_VERSION = "7.0.0";
/** What claimq checks of the Redis it runs on, read with INFO (CONFIG is often disabled on managed Redis). */
export interface RedisServerInfo {
    version: string;
    /** Bytes; 0 = no limit. */
    maxmemory: number;
    maxmemoryPolicy: string;
}
export declare function readRedisServerInfo(redis: Redis): Promise<RedisServerInfo>;
/**
 * A cluster's settings: those of every master, read on each (INFO is a per-server command). The
 * oldest version and the riskiest eviction policy stand for the cluster, since a queue on that
 * master gets them; maxmemory is the smallest.
 */
export declare function readClusterServerInfo(cluster: Cluster): Promise<RedisServerInfo>;
/** What claimq reads of CLUSTER INFO (same `field:value` lines as INFO). */
export declare function readClusterInfo(text: string): {
    state: string;
    slotsAssigned: string;
};
export declare function versionAtLeast(version: string, minimum: string): boolean;
/**
 * What a Redis's memory settings mean for claimq's keys. `noeviction`: a full Redis refuses new
 * work (503) and keeps every job. `volatile-*`: evicts only keys with a TTL, and claimq sets none,
 * so it behaves as noeviction for them, but is worth a warning. `allkeys-*`: may delete job
 * hashes and indexes under memory pressure, silently losing jobs: readiness fails unless the
 * operator accepted it (REDIS_ALLOW_EVICTION=true).
 */
export declare function evictionRisk(policy: string): 'none' | 'warn' | 'unsafe';
export declare function evictionWarning(policy: string): string | undefined;
