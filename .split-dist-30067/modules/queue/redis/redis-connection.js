"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CLUSTER_MAX_REDIRECTIONS = exports.CLUSTER_RETRY_DELAY_MS = void 0;
exports.isCluster = isCluster;
exports.createRedisClient = createRedisClient;
exports.duplicateRedisClient = duplicateRedisClient;
exports.createClusterClient = createClusterClient;
exports.rejectInFlightCommandsOnClose = rejectInFlightCommandsOnClose;
exports.diagnoseClusterSeeds = diagnoseClusterSeeds;
const ioredis_1 = require("ioredis");
const redis_server_info_1 = require("./redis-server-info");
function isCluster(client) {
    return client.isCluster === true;
}
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
function createRedisClient(url, overrides = {}) {
    const client = new ioredis_1.Redis(url, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        disconnectTimeout: 200,
        retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
        ...(/^rediss:\/\//i.test(url) ? { tls: {} } : {}),
        ...overrides,
        autoResendUnfulfilledCommands: false,
    });
    // Connection errors surface on every call as StoreUnavailableError and in the health check; an
    // unhandled 'error' event would only print them a second time.
    client.on('error', () => undefined);
    rejectInFlightCommandsOnClose(client);
    return client;
}
function duplicateRedisClient(client, overrides = {}) {
    if (isCluster(client)) {
        const copy = client.duplicate([], { redisOptions: { ...client.options.redisOptions, ...overrides } });
        copy.on('error', () => undefined);
        copy.on('node error', () => undefined);
        return copy;
    }
    const copy = client.duplicate(overrides);
    copy.on('error', () => undefined);
    rejectInFlightCommandsOnClose(copy);
    return copy;
}
/**
 * Retries of a command the cluster redirects or cannot serve for now (MOVED, ASK, TRYAGAIN,
 * CLUSTERDOWN, a node's connection closed): ioredis waits CLUSTER_RETRY_DELAY_MS between tries,
 * at most CLUSTER_MAX_REDIRECTIONS times. Together about 4 s, longer than a failover takes with
 * cluster-node-timeout 1000 (about 2.5 s): ioredis's defaults (100 ms x 16) give up before the
 * replica is promoted. A call still failing then is StoreUnavailableError: 503 with Retry-After.
 */
exports.CLUSTER_RETRY_DELAY_MS = 250;
exports.CLUSTER_MAX_REDIRECTIONS = 16;
/**
 * The store's client on a Redis Cluster. Commands go to the master of their key's slot (every key
 * of a queue shares its hash tag, so one call touches one slot), follow MOVED and ASK, and are
 * retried through a failover (CLUSTER_RETRY_DELAY_MS). A command whose node connection closes is
 * sent again once the slot has a master: ioredis does this for a cluster, so every script is safe
 * to run twice (src/lua: each says how). Node connections get the same timeouts as
 * createRedisClient's, and the credentials and TLS of REDIS_CLUSTER_NODES.
 */
function createClusterClient(settings, overrides = {}) {
    const redisOptions = {
        connectTimeout: 2_000,
        disconnectTimeout: 200,
        maxRetriesPerRequest: 1,
        ...(settings.username ? { username: settings.username } : {}),
        ...(settings.password ? { password: settings.password } : {}),
        ...(settings.tls ? { tls: {} } : {}),
        ...overrides.redisOptions,
    };
    const client = new ioredis_1.Cluster(settings.seeds, {
        retryDelayOnFailover: exports.CLUSTER_RETRY_DELAY_MS,
        retryDelayOnClusterDown: exports.CLUSTER_RETRY_DELAY_MS,
        retryDelayOnTryAgain: exports.CLUSTER_RETRY_DELAY_MS,
        maxRedirections: exports.CLUSTER_MAX_REDIRECTIONS,
        clusterRetryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
        slotsRefreshTimeout: 2_000,
        // a name that resolves differently per lookup must keep the name for TLS (managed clusters)
        ...(settings.tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
        ...overrides,
        redisOptions,
    });
    client.on('error', () => undefined);
    client.on('node error', () => undefined);
    return client;
}
/**
 * ioredis 5.11 with `autoResendUnfulfilledCommands: false` drops the commands that were in flight
 * when a ready connection closed without ever settling them if the next connect succeeds
 * (redis/ioredis#2193, fixed upstream by #2194): a claim would then hang for good. So they are
 * failed here as soon as the close is reported. The 'close' event comes a tick after ioredis
 * moved them aside and before any reconnect (retryStrategy waits at least 100 ms), and the command
 * queue then holds only commands written to the closed socket: new calls wait in the offline queue
 * (or fail fast) while the client is not ready. Kept for a duplicate() of such a client as well.
 */
function rejectInFlightCommandsOnClose(client) {
    let ready = client.status === 'ready';
    client.on('ready', () => (ready = true));
    client.on('close', () => {
        if (!ready)
            return; // a handshake that failed: ioredis settles its own commands
        ready = false;
        // worded and coded as the other connection-drop errors, so the store maps it to StoreUnavailableError
        const error = Object.assign(new Error('Connection is closed while the command was in flight; it may or may not have run'), { code: 'ECONNRESET' });
        for (let item = client.commandQueue.shift(); item; item = client.commandQueue.shift())
            item.command.reject(error);
    });
}
/**
 * Why no cluster answered at these seeds, asked of each seed on a plain one-shot connection (the
 * cluster client only says it could not read a slot map): the first seed that answers tells
 * whether it is a cluster node at all and what CLUSTER INFO says; undefined when none answers.
 */
async function diagnoseClusterSeeds(seeds, options) {
    for (const seed of seeds) {
        const probe = new ioredis_1.Redis({
            ...options,
            host: seed.host,
            port: seed.port,
            lazyConnect: true,
            enableOfflineQueue: false,
            maxRetriesPerRequest: 0,
            retryStrategy: () => null,
            connectTimeout: 1_000,
        });
        probe.on('error', () => undefined);
        try {
            await probe.connect();
            const { state, slotsAssigned: slots } = (0, redis_server_info_1.readClusterInfo)(String(await probe.cluster('INFO')));
            return `${seed.host}:${seed.port} answers: cluster_state:${state}, ${slots} of 16384 slots assigned`;
        }
        catch (error) {
            const message = error.message;
            if (/cluster support disabled/i.test(message))
                return `${seed.host}:${seed.port} is not a cluster node (cluster-enabled no): use REDIS_URL`;
            if (/NOAUTH|WRONGPASS|NOPERM/.test(message))
                return `${seed.host}:${seed.port}: ${message}`;
        }
        finally {
            probe.disconnect();
        }
    }
    return undefined;
}
//# sourceMappingURL=redis-connection.js.map