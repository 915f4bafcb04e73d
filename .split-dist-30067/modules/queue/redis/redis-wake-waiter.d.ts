import { RedisClient } from './redis-connection';
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
export declare class RedisWakeWaiter {
    private readonly redis;
    private readonly idle;
    private readonly busy;
    /** CLIENT ID of each waiting connection, for CLIENT UNBLOCK; forgotten when it disconnects. */
    private readonly clientIds;
    private closed;
    constructor(redis: RedisClient);
    /** Resolves with the token that ended the wait, or undefined (timeout, abort, MOVED). */
    wait(wakeKey: string, timeoutMs: number, signal?: AbortSignal): Promise<string | undefined>;
    close(): Promise<void>;
    /**
     * The server of `key`: the one server, or on a cluster the master of the key's slot as ioredis
     * knows it. A cluster client that has no slot map yet (it connects on its first command) or no
     * master for the slot is sent a read of the key, which connects it and follows redirections.
     */
    private route;
    private connect;
    private learnClientId;
    private drop;
}
