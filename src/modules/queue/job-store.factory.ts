import { AppConfig } from '../../config/app-config';
import { Clock } from '../../domain/clock';
import { JobStore } from './job-store';
import { PartitionableStore, PartitionedJobStore } from './partitions/partitioned-job-store';
import { MemoryJobStore } from './memory/memory-job-store';
import { createClusterClient, createRedisClient } from './redis/redis-connection';
import { RedisJobStore } from './redis/redis-job-store';
import { JobTracer } from '../tracing';

/**
 * Binds the JobStore token from JOB_STORE. An unknown value is refused, never defaulted. With
 * `tracer` on, claims return the jobs' stored trace context (their run spans' parents).
 *
 * Partitions are Redis's: they spread a queue over hash slots (and a cluster's masters). The
 * memory store is one process, where they buy nothing, so it ignores the counts QUEUES and
 * QUEUE_PARTITIONS give (main.ts warns: memoryPartitionsWarning) and the same settings serve a
 * laptop and a cluster.
 */
export function createJobStore(config: AppConfig, clock: Clock, tracer?: JobTracer): JobStore {
  // SUCCEEDED_RETENTION_MS=0: succeeded jobs are deleted at completion (history records them)
  const deleteSucceeded = config.succeededRetentionMs === 0;
  switch (config.jobStore) {
    case 'memory':
      return new MemoryJobStore({
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
      const redis: PartitionableStore = new RedisJobStore({
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
      return new PartitionedJobStore(redis, { clock, partitionsOf: (queue) => config.queuePartitions.get(queue) });
    }
    default:
      throw new Error(`JOB_STORE=${String(config.jobStore)} is not a store claimq knows (memory, redis)`);
  }
}
