/** The job store: its contract, its two implementations' module, and the rules for its errors. */
export { QueueModule } from './queue.module';
export { JobStore } from './job-store';
export type {
  ClaimResult,
  CompleteRequest,
  FailRequest,
  ListPage,
  ListQuery,
  ReapResult,
  RefreshBacklog,
  RetentionPolicy,
  SettleOutcome,
} from './job-store';
export { StoreHealth } from './store-health';
export { CallbackEnqueuer } from './callback-enqueuer';
export { errorText, isTransientStoreError } from './store-errors';
export { createRedisClient } from './redis/redis-connection';
export { RedisQueueKeys } from './redis/redis-queue-keys';
export { MemoryJobStore } from './memory/memory-job-store';
export type { MemoryJobStoreOptions } from './memory/memory-job-store';
export { RedisJobStore } from './redis/redis-job-store';
export type { RedisJobStoreOptions } from './redis/redis-job-store';
