import type { Redis } from 'ioredis';

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
 */
export class RedisWakeWaiter {
  private readonly idle: Redis[] = [];
  private readonly busy = new Set<Redis>();
  /** CLIENT ID of each waiting connection, for CLIENT UNBLOCK; forgotten when it disconnects. */
  private readonly clientIds = new Map<Redis, number>();
  private closed = false;

  constructor(private readonly redis: Redis) {}

  async wait(wakeKey: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.closed || signal?.aborted || timeoutMs <= 0) return;
    const conn = this.idle.pop() ?? this.connect();
    this.busy.add(conn);
    // sent before the BLPOP on the same connection, so its reply comes before the BLPOP blocks
    if (!this.clientIds.has(conn)) this.learnClientId(conn);
    let aborted = false;
    let disconnected = false;
    let settled = false;
    const disconnect = (): void => {
      disconnected = true;
      conn.disconnect();
    };
    const onAbort = (): void => {
      aborted = true;
      const id = this.clientIds.get(conn);
      if (id === undefined || this.redis.status !== 'ready') return disconnect();
      this.redis.client('UNBLOCK', id).then(
        (unblocked) => {
          if (unblocked !== 1 && !settled) disconnect();
        },
        () => {
          if (!settled) disconnect();
        },
      );
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await conn.blpop(wakeKey, Math.max(timeoutMs, 1) / 1000);
    } catch (error) {
      if (!aborted && !this.closed) throw error;
    } finally {
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      this.busy.delete(conn);
      if (disconnected || this.closed || conn.status !== 'ready') this.drop(conn);
      else this.idle.push(conn);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const conn of [...this.idle, ...this.busy]) this.drop(conn);
    this.idle.length = 0;
    this.busy.clear();
  }

  private connect(): Redis {
    // A blocked connection only closes when the socket is destroyed, so do not wait long for it.
    const conn = this.redis.duplicate({ maxRetriesPerRequest: 0, disconnectTimeout: 50 });
    conn.on('error', () => undefined);
    // a reconnect gets a new id; an UNBLOCK for the old one must not be sent
    conn.on('close', () => this.clientIds.delete(conn));
    return conn;
  }

  private learnClientId(conn: Redis): void {
    conn.client('ID').then(
      (id) => {
        if (this.busy.has(conn) || this.idle.includes(conn)) this.clientIds.set(conn, id);
      },
      () => undefined,
    );
  }

  private drop(conn: Redis): void {
    this.clientIds.delete(conn);
    conn.disconnect();
  }
}
