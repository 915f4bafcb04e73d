import type { Redis } from 'ioredis';
import { ClaimqError, StoreOutOfMemoryError, StoreUnavailableError } from '../../../domain/errors';

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

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const CONNECTION_MESSAGES = /^(Connection is closed|Stream isn't writeable)/;
/** Replies of a server that is up but cannot serve yet (or right now, as a replica mid-failover): worth retrying. */
const TRANSIENT_REPLIES = /^(LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|READONLY)\b/;

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
  if (!isConnectionTrouble(error)) return error;
  return new StoreUnavailableError(`Redis is unavailable: ${(error as Error).message}`);
}

function isConnectionTrouble(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof ClaimqError) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  if (error.name === 'ReplyError') return TRANSIENT_REPLIES.test(error.message);
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && CONNECTION_CODES.has(code)) || CONNECTION_MESSAGES.test(error.message);
}
