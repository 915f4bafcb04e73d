/** The job engine's ports (one abstract class and injection token each), its module, and the rules for its errors. */
export { QueueModule } from './queue.module';
export { JobEngine } from './job-engine';
export { JobQueue } from './job-queue';
export type { ClaimResult, CompleteRequest, FailRequest, HeldLeases, ReportOutcome, ReportRequest, SettleOutcome, StrayLease } from './job-queue';
export { JobAdmin } from './job-admin';
export type { ListPage, ListQuery } from './job-admin';
export { UpkeepStore } from './upkeep-store';
export type { DroppedEvents, EventsTrimResult, ReapResult, RetentionPolicy } from './upkeep-store';
export { ExecutionStore } from './execution-store';
export type { ExecutionPage, RefreshBacklog } from './execution-store';
export { Outbox } from './outbox';
export type { CancelRequested, StoreSignal } from './outbox';
export type { EventBacklog, EventSourceOptions } from './outbox';
export { StoreHealth } from './store-health';
export { ScheduleStore } from './schedule-store';
export { GroupStore } from './group-store';
export { WorkerDirectory } from './worker-directory';
export { AuditStore } from './audit-store';
export { QueueStatsStore } from './queue-stats-store';
export type { ClaimedSchedule, ScheduleSettlement } from './schedule-store';
export { CallbackEnqueuer } from './callback-enqueuer';
export { errorText, isTransientStoreError } from './store-errors';
export { parseStoredJson } from './job-payload';
export { createClusterClient, createRedisClient } from './redis/redis-connection';
export type { RedisClient } from './redis/redis-connection';
export { RedisQueueKeys } from './redis/redis-queue-keys';
// the engines themselves, for claimq's own specs under src/ (module-boundaries.spec.ts: another
// module reaches this one only through this index); not part of the package's API (src/index.ts)
export { MemoryEngine } from './memory/memory-engine';
export { RedisEngine } from './redis/redis-engine';
export { PartitionedEngine } from './partitions/partitioned-engine';
export { JobEventSources } from './events/job-event-sources';
export { JobEventSource } from './events/job-event-source';
export { JobFeed } from './events/job-feed';
export type { FeedBatch, FeedReplay, FeedSubscription, JobFeedListener } from './events/job-feed';
export type { HistoryGap, JobEventBatch, SourcedJobEvent } from './events/job-event-source';
export { eventVersion } from './events/event-version';
export { decodeStreamEntry, encodeStreamEntry, MAX_EVENTS_PER_ENTRY } from './events/stream-entry-codec';
