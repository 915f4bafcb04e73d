"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createRedisClient = createRedisClient;
const ioredis_1 = require("ioredis");
/**
 * The command connection of the Redis store. ioredis reads the password and database from the
 * URL, and `rediss://` turns on TLS. Calls fail fast while Redis is away (one retry, then an
 * error the store maps to StoreUnavailableError) and the client keeps reconnecting with a capped
 * backoff, so the service recovers by itself when Redis returns.
 */
function createRedisClient(url, overrides = {}) {
    const client = new ioredis_1.Redis(url, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        disconnectTimeout: 200,
        retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
        ...(/^rediss:\/\//i.test(url) ? { tls: {} } : {}),
        ...overrides,
    });
    // Connection errors surface on every call as StoreUnavailableError and in the health check; an
    // unhandled 'error' event would only print them a second time.
    client.on('error', () => undefined);
    return client;
}
//# sourceMappingURL=redis-connection.js.map