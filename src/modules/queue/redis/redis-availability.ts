import type { RedisClient } from './redis-connection';
import { StoreOutOfMemoryError, StoreUnavailableError } from '../../../domain/errors';
import { isConnectionError } from '../store-errors';

/**
 * Runs one store call and turns connection trouble into StoreUnavailableError. Once the client
 * has been ready, a call made while it reconnects fails at once instead of waiting in the offline
 * queue; before the first connection it may wait for it (bounded by maxRetriesPerRequest).
 */
export class RedisAvailability {
  private everReady = false;

  constructor(private readonly redis: RedisClient) {
    if (redis.status === 'ready') this.everReady = true;
    redis.on('ready', () => (this.everReady = true));
  }

  async call<T>(work: () => Promise<T>): Promise<T> {
    const status = this.redis.status;
    if (status === 'end' || status === 'close' || (this.everReady && status !== 'ready')) {
      throw new StoreUnavailableError(`Redis is unavailable (connection ${status})`);
    }
    try {
      return await work();
    } catch (error) {
      throw toStoreError(error);
    }
  }
}

/**
 * Only trouble with the link (or a server that cannot serve for now) becomes StoreUnavailableError,
 * which callers retry and which flags Redis as unreachable. Anything else (a script's error reply,
 * a bug of ours such as a TypeError) passes through, to be answered 500 and logged.
 */
export function toStoreError(error: unknown): unknown {
  // A script without allow-oom (enqueue, executions, claim...) is refused before it runs.
  if (error instanceof Error && error.name === 'ReplyError' && /^OOM\b/.test(error.message)) {
    return new StoreOutOfMemoryError(`Redis is at its maxmemory: ${error.message}`);
  }
  if (!isConnectionError(error)) return error;
  return new StoreUnavailableError(`Redis is unavailable: ${(error as Error).message}`);
}
