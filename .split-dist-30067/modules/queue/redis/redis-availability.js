"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisAvailability = void 0;
exports.toStoreError = toStoreError;
const errors_1 = require("../../../domain/errors");
const store_errors_1 = require("../store-errors");
/**
 * Runs one store call and turns connection trouble into StoreUnavailableError. Once the client
 * has been ready, a call made while it reconnects fails at once instead of waiting in the offline
 * queue; before the first connection it may wait for it (bounded by maxRetriesPerRequest).
 */
class RedisAvailability {
    redis;
    everReady = false;
    constructor(redis) {
        this.redis = redis;
        if (redis.status === 'ready')
            this.everReady = true;
        redis.on('ready', () => (this.everReady = true));
    }
    async call(work) {
        const status = this.redis.status;
        if (status === 'end' || status === 'close' || (this.everReady && status !== 'ready')) {
            throw new errors_1.StoreUnavailableError(`Redis is unavailable (connection ${status})`);
        }
        try {
            return await work();
        }
        catch (error) {
            throw toStoreError(error);
        }
    }
}
exports.RedisAvailability = RedisAvailability;
/**
 * Only trouble with the link (or a server that cannot serve for now) becomes StoreUnavailableError,
 * which callers retry and which flags Redis as unreachable. Anything else (a script's error reply,
 * a bug of ours such as a TypeError) passes through, to be answered 500 and logged.
 */
function toStoreError(error) {
    // A script without allow-oom (enqueue, executions, claim...) is refused before it runs.
    if (error instanceof Error && error.name === 'ReplyError' && /^OOM\b/.test(error.message)) {
        return new errors_1.StoreOutOfMemoryError(`Redis is at its maxmemory: ${error.message}`);
    }
    if (!(0, store_errors_1.isConnectionError)(error))
        return error;
    return new errors_1.StoreUnavailableError(`Redis is unavailable: ${error.message}`);
}
//# sourceMappingURL=redis-availability.js.map