import type { Redis } from 'ioredis';
import { ClaimqError, StoreUnavailableError } from '../../../domain/errors';

/**
 * Runs one store call and turns connection trouble into StoreUnavailableError. Once the client
 * has been ready, a call made while it reconnects fails at once instead of waiting in the offline
 * queue; before the first connection it may wait for it (bounded by maxRetriesPerRequest).
 */
export class RedisAvailability {
  private everReady = false;

  constructor(private readonly redis: Redis) {
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

/** Redis error replies (a bug in a script or a command) pass through; everything else is the link. */
export function toStoreError(error: unknown): unknown {
  if (error instanceof ClaimqError) return error;
  if (error instanceof Error && error.name === 'ReplyError' && !/^(LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN)/.test(error.message)) {
    return error;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`Redis is unavailable: ${reason}`);
}
