"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createJobStore = createJobStore;
const clock_1 = require("../../domain/clock");
const memory_job_store_1 = require("./memory/memory-job-store");
const redis_connection_1 = require("./redis/redis-connection");
const redis_job_store_1 = require("./redis/redis-job-store");
/** Binds the JobStore token from JOB_STORE. An unknown value is refused, never defaulted. */
function createJobStore(config) {
    switch (config.jobStore) {
        case 'memory':
            return new memory_job_store_1.MemoryJobStore({ clock: clock_1.systemClock, configuredQueues: config.queues, hardTimeoutGraceMs: config.hardTimeoutGraceMs });
        case 'redis':
            return new redis_job_store_1.RedisJobStore({
                redis: (0, redis_connection_1.createRedisClient)(config.redisUrl),
                prefix: config.redisPrefix,
                clock: clock_1.systemClock,
                configuredQueues: config.queues,
                hardTimeoutGraceMs: config.hardTimeoutGraceMs,
            });
        default:
            throw new Error(`JOB_STORE=${String(config.jobStore)} is not a store claimq knows (memory, redis)`);
    }
}
//# sourceMappingURL=job-store.factory.js.map