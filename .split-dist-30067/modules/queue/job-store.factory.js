"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createJobStore = createJobStore;
const partitioned_job_store_1 = require("./partitions/partitioned-job-store");
const memory_job_store_1 = require("./memory/memory-job-store");
const redis_connection_1 = require("./redis/redis-connection");
const redis_job_store_1 = require("./redis/redis-job-store");
/**
 * Binds the JobStore token from JOB_STORE. An unknown value is refused, never defaulted. With
 * `tracer` on, claims return the jobs' stored trace context (their run spans' parents).
 */
function createJobStore(config, clock, tracer) {
    return new partitioned_job_store_1.PartitionedJobStore(createPartitionStore(config, clock, tracer?.enabled === true), {
        clock,
        partitionsOf: (queue) => config.queuePartitions.get(queue),
    });
}
/** The store whose queues are partitions (PartitionedJobStore spreads each queue over them). */
function createPartitionStore(config, clock, traceContext) {
    // SUCCEEDED_RETENTION_MS=0: succeeded jobs are deleted at completion (history records them)
    const deleteSucceeded = config.succeededRetentionMs === 0;
    switch (config.jobStore) {
        case 'memory':
            return new memory_job_store_1.MemoryJobStore({
                clock,
                configuredQueues: config.queues,
                hardTimeoutGraceMs: config.hardTimeoutGraceMs,
                deleteSucceeded,
                historyBacklogMaxBytes: config.historyBacklogMaxBytes,
                // only the history writer reads them; without it they would only fill memory
                keepEvents: config.databaseUrl !== undefined,
                hostConcurrency: config.httpHostConcurrency,
                auditMaxEntries: config.auditMaxEntries,
            });
        case 'redis':
            return new redis_job_store_1.RedisJobStore({
                redis: config.redisCluster ? (0, redis_connection_1.createClusterClient)(config.redisCluster) : (0, redis_connection_1.createRedisClient)(config.redisUrl),
                clusterSeeds: config.redisCluster?.seeds,
                replicaWait: { replicas: config.redisWaitReplicas, timeoutMs: config.redisWaitTimeoutMs },
                prefix: config.redisPrefix,
                clock,
                configuredQueues: config.queues,
                hardTimeoutGraceMs: config.hardTimeoutGraceMs,
                deleteSucceeded,
                eventsMaxLen: config.eventsMaxLen,
                historyBacklogMaxBytes: config.historyBacklogMaxBytes,
                allowEviction: config.redisAllowEviction,
                hostConcurrency: config.httpHostConcurrency,
                auditMaxEntries: config.auditMaxEntries,
                traceContext,
            });
        default:
            throw new Error(`JOB_STORE=${String(config.jobStore)} is not a store claimq knows (memory, redis)`);
    }
}
//# sourceMappingURL=job-store.factory.js.map