import { AppConfig } from '../../config/app-config';
import { Clock } from '../../domain/clock';
import { JobEngine } from './job-engine';
import { PartitionedEngine } from './partitions/partitioned-engine';
import { MemoryEngine } from './memory/memory-engine';
import { createClusterClient, createRedisClient } from './redis/redis-connection';
import { RedisEngine } from './redis/redis-engine';
import { JobTracer } from '../tracing';

/**
 * Builds the job engine from JOB_STORE (QueueModule provides its ports). An unknown value is refused, never defaulted. With
 * `tracer` on, claims return the jobs' stored trace context (their run spans' parents).
 *
 * Partitions are Redis's: they spread a queue over hash slots (and a cluster's masters). The
 * memory store is one process, where they buy nothing, so it ignores the counts QUEUES and
 * QUEUE_PARTITIONS give (main.ts warns: memoryPartitionsWarning) and the same settings serve a
 * laptop and a cluster.
 */
export function createJobEngine(config: AppConfig, clock: Clock, tracer?: JobTracer): JobEngine {
  // SUCCEEDED_RETENTION_MS=0: succeeded jobs are deleted at completion (history records them)
  const deleteSucceeded = config.succeededRetentionMs === 0;
  switch (config.jobStore) {
    case 'memory':
      return new MemoryEngine({
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
    case 'redis': {
      const redis = new RedisEngine({
        redis: config.redisCluster ? createClusterClient(config.redisCluster) : createRedisClient(config.redisUrl),
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
        traceContext: tracer?.enabled === true,
      });
      return new PartitionedEngine(redis, { clock, partitionsOf: (queue) => config.queuePartitions.get(queue) });
    }
    default:
      throw new Error(`JOB_STORE=${String(config.jobStore)} is not a store claimq knows (memory, redis)`);
  }
}
