"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisWakeWaiter = void 0;
/**
 * Blocks on a queue's wake list (BLPOP) until an enqueue or promotion pushes a token, or the
 * timeout passes. Each wait uses its own duplicate connection, so a blocked call never holds up
 * the command connection or another waiter; idle connections are kept for the next wait.
 * An abort disconnects the waiting connection, which ends its BLPOP at once.
 */
class RedisWakeWaiter {
    redis;
    idle = [];
    busy = new Set();
    closed = false;
    constructor(redis) {
        this.redis = redis;
    }
    async wait(wakeKey, timeoutMs, signal) {
        if (this.closed || signal?.aborted || timeoutMs <= 0)
            return;
        const conn = this.idle.pop() ?? this.connect();
        this.busy.add(conn);
        let aborted = false;
        const onAbort = () => {
            aborted = true;
            conn.disconnect();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        try {
            await conn.blpop(wakeKey, Math.max(timeoutMs, 1) / 1000);
        }
        catch (error) {
            if (!aborted && !this.closed)
                throw error;
        }
        finally {
            signal?.removeEventListener('abort', onAbort);
            this.busy.delete(conn);
            if (aborted || this.closed || conn.status !== 'ready')
                conn.disconnect();
            else
                this.idle.push(conn);
        }
    }
    connect() {
        // A blocked connection only closes when the socket is destroyed, so do not wait long for it.
        const conn = this.redis.duplicate({ maxRetriesPerRequest: 0, disconnectTimeout: 50 });
        conn.on('error', () => undefined);
        return conn;
    }
    async close() {
        this.closed = true;
        for (const conn of [...this.idle, ...this.busy])
            conn.disconnect();
        this.idle.length = 0;
        this.busy.clear();
    }
}
exports.RedisWakeWaiter = RedisWakeWaiter;
//# sourceMappingURL=redis-wake-waiter.js.map