import { Cluster, ClusterOptions, Redis, RedisOptions } from 'ioredis';
import type { ClusterSeed, ClusterSettings } from '../../../config/redis-cluster-nodes';
/** The store's client: one Redis server, or a Redis Cluster (REDIS_CLUSTER_NODES). */
export type RedisClient = Redis | Cluster;
export declare function isCluster(client: RedisClient): client is Cluster;
/**
 * The command connection of the Redis store. ioredis reads the password and database from the
 * URL, and `rediss://` turns on TLS. Calls fail fast while Redis is away (one retry, then an
 * error the store maps to StoreUnavailableError) and the client keeps reconnecting with a capped
 * backoff, so the service recovers by itself when Redis returns.
 *
 * A command in flight when the connection drops is failed, never sent again after the reconnect
 * (`autoResendUnfulfilledCommands: false`, which no override can turn back on): Redis may already
 * have run it, and the scripts are not all idempotent (a second claim takes more jobs and orphans
 * the first claim's leases; a second enqueue without idempotency key makes a duplicate job). The
 * caller sees StoreUnavailableError and decides, as for any call whose answer was lost.
 *
 * The connection speaks RESP2 (ioredis 5 knows no other), and claimq relies on it: every script
 * reply, stream read and command reply it decodes was written and tested against RESP2 shapes. A
 * move to ioredis 6, which speaks RESP3 by default, must pass `protocol: 2` here or re-check each
 * reply (test/redis/redis-connection.spec.ts asks the server which protocol the store speaks).
 */
export declare function createRedisClient(url: string, overrides?: RedisOptions): Redis;
/**
 * Another connection with `client`'s settings (a stream reader's, say), with the same care as
 * createRedisClient's: its errors surface on its calls, and its in-flight commands fail on a close.
 * ioredis's duplicate() copies the options, not the listeners.
 */
export declare function duplicateRedisClient(client: Redis, overrides?: RedisOptions): Redis;
export declare function duplicateRedisClient(client: RedisClient, overrides?: RedisOptions): RedisClient;
/**
 * Retries of a command the cluster redirects or cannot serve for now (MOVED, ASK, TRYAGAIN,
 * CLUSTERDOWN, a node's connection closed): ioredis waits CLUSTER_RETRY_DELAY_MS between tries,
 * at most CLUSTER_MAX_REDIRECTIONS times. Together about 4 s, longer than a failover takes with
 * cluster-node-timeout 1000 (about 2.5 s): ioredis's defaults (100 ms x 16) give up before the
 * replica is promoted. A call still failing then is StoreUnavailableError: 503 with Retry-After.
 */
export declare const CLUSTER_RETRY_DELAY_MS = 250;
export declare const CLUSTER_MAX_REDIRECTIONS = 16;
/**
 * The store's client on a Redis Cluster. Commands go to the master of their key's slot (every key
 * of a queue shares its hash tag, so one call touches one slot), follow MOVED and ASK, and are
 * retried through a failover (CLUSTER_RETRY_DELAY_MS). A command whose node connection closes is
 * sent again once the slot has a master: ioredis does this for a cluster, so every script is safe
 * to run twice (src/lua: each says how). Node connections get the same timeouts as
 * createRedisClient's, and the credentials and TLS of REDIS_CLUSTER_NODES.
 */
export declare function createClusterClient(settings: ClusterSettings, overrides?: ClusterOptions): Cluster;
/**
 * ioredis 5.11 with `autoResendUnfulfilledCommands: false` drops the commands that were in flight
 * when a ready connection closed without ever settling them if the next connect succeeds
 * (redis/ioredis#2193, fixed upstream by #2194): a claim would then hang for good. So they are
 * failed here as soon as the close is reported. The 'close' event comes a tick after ioredis
 * moved them aside and before any reconnect (retryStrategy waits at least 100 ms), and the command
 * queue then holds only commands written to the closed socket: new calls wait in the offline queue
 * (or fail fast) while the client is not ready. Kept for a duplicate() of such a client as well.
 */
export declare function rejectInFlightCommandsOnClose(client: Redis): void;
/**
 * Why no cluster answered at these seeds, asked of each seed on a plain one-shot connection (the
 * cluster client only says it could not read a slot map): the first seed that answers tells
 * whether it is a cluster node at all and what CLUSTER INFO says; undefined when none answers.
 */
export declare function diagnoseClusterSeeds(seeds: ClusterSeed[], options: RedisOptions): Promise<string | undefined>;
