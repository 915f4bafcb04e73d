"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisAvailability = void 0;
exports.toStoreError = toStoreError;
const errors_1 = require("../../../domain/errors");
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
/** Redis error replies (a bug in a script or a command) pass through; everything else is the link. */
function toStoreError(error) {
    if (error instanceof errors_1.ClaimqError)
        return error;
    if (error instanceof Error && error.name === 'ReplyError' && !/^(LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN)/.test(error.message)) {
        return error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new errors_1.StoreUnavailableError(`Redis is unavailable: ${reason}`);
}
//# sourceMappingURL=redis-availability.js.map