import type { RedisClient } from './redis-connection';
/**
 * Runs one store call and turns connection trouble into StoreUnavailableError. Once the client
 * has been ready, a call made while it reconnects fails at once instead of waiting in the offline
 * queue; before the first connection it may wait for it (bounded by maxRetriesPerRequest).
 */
export declare class RedisAvailability {
    private readonly redis;
    private everReady;
    constructor(redis: RedisClient);
    call<T>(work: () => Promise<T>): Promise<T>;
}
/**
 * Only trouble with the link (or a server that cannot serve for now) becomes StoreUnavailableError,
 * which callers retry and which flags Redis as unreachable. Anything else (a script's error reply,
 * a bug of ours such as a TypeError) passes through, to be answered 500 and logged.
 */
export declare function toStoreError(error: unknown): unknown;
