/** The job store: its contract, its two implementations' module, and the rules for its errors. */
export { QueueModule } from './queue.module';
export { JobStore } from './job-store';
export type {
  JobOperations,
  WorkerOperations,
  UpkeepOperations,
  ExecutionOperations,
  EventOperations,
  ClaimResult,
  CompleteRequest,
  DroppedEvents,
  EventsTrimResult,
  FailRequest,
  ExecutionPage,
  ListPage,
  ListQuery,
  ReapResult,
  RefreshBacklog,
  EventBacklog,
  RetentionPolicy,
  SettleOutcome,
} from './job-store';
export { StoreHealth } from './store-health';
export { ScheduleStore } from './schedule-store';
export { GroupStore } from './group-store';
export { WorkerDirectory } from './worker-directory';
export { AuditStore } from './audit-store';
export { QueueStatsStore } from './queue-stats-store';
export type { ClaimedSchedule, ScheduleSettlement } from './schedule-store';
export { CallbackEnqueuer } from './callback-enqueuer';
export { errorText, isTransientStoreError } from './store-errors';
export { createClusterClient, createRedisClient } from './redis/redis-connection';
export type { RedisClient } from './redis/redis-connection';
export { RedisQueueKeys } from './redis/redis-queue-keys';
export { MemoryJobStore } from './memory/memory-job-store';
export type { MemoryJobStoreOptions } from './memory/memory-job-store';
export { RedisJobStore } from './redis/redis-job-store';
export type { RedisJobStoreOptions } from './redis/redis-job-store';
export type { EventSourceOptions } from './job-store';
export { JobEventSources } from './events/job-event-sources';
export { JobEventSource } from './events/job-event-source';
export type { HistoryGap, JobEventBatch, SourcedJobEvent } from './events/job-event-source';
export { eventVersion } from './events/event-version';
export { decodeStreamEntry, encodeStreamEntry, MAX_EVENTS_PER_ENTRY } from './events/stream-entry-codec';
