import { Redis, RedisOptions } from 'ioredis';

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
export function createRedisClient(url: string, overrides: RedisOptions = {}): Redis {
  const client = new Redis(url, {
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

/**
 * Another connection with `client`'s settings (a stream reader's, say), with the same care as
 * createRedisClient's: its errors surface on its calls, and its in-flight commands fail on a close.
 * ioredis's duplicate() copies the options, not the listeners.
 */
export function duplicateRedisClient(client: Redis, overrides: RedisOptions = {}): Redis {
  const copy = client.duplicate(overrides);
  copy.on('error', () => undefined);
  rejectInFlightCommandsOnClose(copy);
  return copy;
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
export function rejectInFlightCommandsOnClose(client: Redis): void {
  let ready = client.status === 'ready';
  client.on('ready', () => (ready = true));
  client.on('close', () => {
    if (!ready) return; // a handshake that failed: ioredis settles its own commands
    ready = false;
    // worded and coded as the other connection-drop errors, so the store maps it to StoreUnavailableError
    const error = Object.assign(new Error('Connection is closed while the command was in flight; it may or may not have run'), { code: 'ECONNRESET' });
    for (let item = client.commandQueue.shift(); item; item = client.commandQueue.shift()) item.command.reject(error);
  });
}
