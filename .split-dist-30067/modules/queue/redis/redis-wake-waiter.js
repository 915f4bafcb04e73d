"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisWakeWaiter = void 0;
const cluster_key_slot_1 = __importDefault(require("cluster-key-slot"));
const redis_connection_1 = require("./redis-connection");
/**
 * Blocks on a queue's wake list (BLPOP) until an enqueue or promotion pushes a token, or the
 * timeout passes. Each wait uses its own duplicate connection, so a blocked call never holds up
 * the command connection or another waiter; idle connections are kept for the next wait.
 *
 * An abort (a claim loop's nudge, or stop) ends the BLPOP with CLIENT UNBLOCK sent on the command
 * connection, so the waiting connection stays open for the next wait: a nudge per retry must not
 * cost a TCP connection (and a TLS handshake) per retry. When that cannot work (the connection's
 * id is not known yet, the command connection is down, or the BLPOP had not reached Redis when
 * the UNBLOCK did) the waiting connection is disconnected, which ends its BLPOP at once.
 *
 * On a Redis Cluster each wait goes to the master of the wake key's slot, on a plain connection to
 * that node (a blocked connection cannot be shared, and CLIENT UNBLOCK must reach the same node):
 * idle connections are pooled per node, and the UNBLOCK goes on the cluster's own connection to
 * it. A slot that moved answers MOVED: the wait ends at once, the claim that follows is redirected
 * (ioredis refreshes its slot map), and the next wait goes to the new master.
 */
class RedisWakeWaiter {
    redis;
    idle = new Map();
    busy = new Set();
    /** CLIENT ID of each waiting connection, for CLIENT UNBLOCK; forgotten when it disconnects. */
    clientIds = new Map();
    closed = false;
    constructor(redis) {
        this.redis = redis;
    }
    /** Resolves with the token that ended the wait, or undefined (timeout, abort, MOVED). */
    async wait(wakeKey, timeoutMs, signal) {
        if (this.closed || signal?.aborted || timeoutMs <= 0)
            return undefined;
        const route = await this.route(wakeKey);
        // an abort while the route was looked up has already fired: it would never reach the listener
        if (this.closed || signal?.aborted)
            return undefined;
        const pool = this.idle.get(route.server) ?? [];
        this.idle.set(route.server, pool);
        const conn = pool.pop() ?? this.connect(route.control);
        const control = route.control;
        this.busy.add(conn);
        // sent before the BLPOP on the same connection, so its reply comes before the BLPOP blocks
        if (!this.clientIds.has(conn))
            this.learnClientId(conn);
        let aborted = false;
        let disconnected = false;
        let settled = false;
        const disconnect = () => {
            disconnected = true;
            conn.disconnect();
        };
        const onAbort = () => {
            aborted = true;
            const id = this.clientIds.get(conn);
            if (id === undefined || control.status !== 'ready')
                return disconnect();
            control.client('UNBLOCK', id).then((unblocked) => {
                if (unblocked !== 1 && !settled)
                    disconnect();
            }, () => {
                if (!settled)
                    disconnect();
            });
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        try {
            const popped = await conn.blpop(wakeKey, Math.max(timeoutMs, 1) / 1000);
            return popped?.[1];
        }
        catch (error) {
            // the slot moved (resharding, failover): end the wait; the claim that follows is redirected
            if ((0, redis_connection_1.isCluster)(this.redis) && error instanceof Error && /^(MOVED|ASK)\b/.test(error.message)) {
                this.redis.refreshSlotsCache();
                return undefined;
            }
            if (!aborted && !this.closed)
                throw error;
            return undefined;
        }
        finally {
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            this.busy.delete(conn);
            if (disconnected || this.closed || conn.status !== 'ready')
                this.drop(conn);
            else
                pool.push(conn);
        }
    }
    async close() {
        this.closed = true;
        for (const conn of [...[...this.idle.values()].flat(), ...this.busy])
            this.drop(conn);
        this.idle.clear();
        this.busy.clear();
    }
    /**
     * The server of `key`: the one server, or on a cluster the master of the key's slot as ioredis
     * knows it. A cluster client that has no slot map yet (it connects on its first command) or no
     * master for the slot is sent a read of the key, which connects it and follows redirections.
     */
    async route(key) {
        const redis = this.redis;
        if (!(0, redis_connection_1.isCluster)(redis))
            return { server: '', control: redis };
        let route = clusterRoute(redis, key);
        if (!route) {
            await redis.exists(key);
            route = clusterRoute(redis, key);
        }
        if (!route)
            throw new Error(`Connection is closed: no master of the Redis Cluster serves the slot of ${key}`);
        return route;
    }
    connect(control) {
        // A blocked connection only closes when the socket is destroyed, so do not wait long for it.
        // (A cluster's node connection never reconnects by itself; a copy of it neither: it is dropped.)
        const conn = control.duplicate({ maxRetriesPerRequest: 0, disconnectTimeout: 50, lazyConnect: false });
        conn.on('error', () => undefined);
        // a reconnect gets a new id; an UNBLOCK for the old one must not be sent
        conn.on('close', () => this.clientIds.delete(conn));
        return conn;
    }
    learnClientId(conn) {
        conn.client('ID').then((id) => {
            if (this.busy.has(conn) || [...this.idle.values()].some((pool) => pool.includes(conn)))
                this.clientIds.set(conn, id);
        }, () => undefined);
    }
    drop(conn) {
        this.clientIds.delete(conn);
        conn.disconnect();
    }
}
exports.RedisWakeWaiter = RedisWakeWaiter;
/** The cluster's connection to the master of `key`'s slot, or undefined while its slot map has none. */
function clusterRoute(cluster, key) {
    const server = cluster.slots[(0, cluster_key_slot_1.default)(key)]?.[0];
    if (!server)
        return undefined;
    const control = cluster.nodes('master').find((node) => `${node.options.host}:${node.options.port}` === server);
    return control ? { server, control } : undefined;
}
//# sourceMappingURL=redis-wake-waiter.js.map