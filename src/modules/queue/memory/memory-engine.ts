import { DEFAULT_AUDIT_MAX_ENTRIES } from '../audit-store';
import { Clock } from '../../../domain/clock';
import { JobEngine } from '../job-engine';
import { InProcessStoreHealth, StoreHealth } from '../store-health';
import { MemoryAuditLog } from './memory-audit-log';
import { MemoryEventLog } from './memory-event-log';
import { MemoryExecutionStore } from './memory-execution-store';
import { MemoryGroups, MemoryQueueAccess } from './memory-groups';
import { MemoryJobAdmin } from './memory-job-admin';
import { MemoryJobQueue } from './memory-job-queue';
import { MemoryOutbox } from './memory-outbox';
import { MemoryQueueStats } from './memory-queue-stats';
import { MemorySchedules } from './memory-schedules';
import { MemoryState } from './memory-state';
import { MemoryUpkeep } from './memory-upkeep';
import { MemoryWorkerDirectory } from './memory-worker-directory';

export interface MemoryEngineOptions {
  clock?: Clock;
  configuredQueues?: string[];
  /**
   * HISTORY_BACKLOG_MAX_MB in bytes: what the event outbox (`events`) may hold for the history
   * writer; beyond it the oldest events are dropped and recorded as a gap (MemoryEventLog).
   */
  historyBacklogMaxBytes?: number;
  /**
   * Whether to record events at all (default true). Only the history writer reads them: an engine
   * without one (no DATABASE_URL) keeps none, instead of holding its budget of them forever.
   */
  keepEvents?: boolean;
  /** Jitter source of the backoff; tests pass a fixed one. */
  random?: () => number;
  /** HARD_TIMEOUT_GRACE_MS: no lease outlives startedAt + timeoutMs + this grace. */
  hardTimeoutGraceMs?: number;
  /**
   * SUCCEEDED_RETENTION_MS=0: complete deletes the job (record and idempotency key) instead of
   * keeping it in `succeeded`; its `succeeded` event still records it for history. A job with a
   * callbackUrl or an executionId is kept anyway, as complete.lua does. Default false.
   */
  deleteSucceeded?: boolean;
  /**
   * HTTP_HOST_CONCURRENCY: the cap of every host group (`host:<host>`) that has no cap of its own,
   * never above it even when the queue's groupConcurrency is higher (fairness.ts). 0 (default): none.
   */
  hostConcurrency?: number;
  /** AUDIT_MAX_ENTRIES: the audit trail's cap. Default 10,000. */
  auditMaxEntries?: number;
}

/**
 * The single-process engine: every index in memory, every operation synchronous (so atomic)
 * behind the async ports. What `npm start` runs with nothing else installed.
 *
 * The ports share one MemoryState (the queues, the event log, the settings); each is a thin
 * class over it, so no port operation awaits before it has made its whole change.
 */
export class MemoryEngine extends JobEngine {
  /** Every state change, for the history writer to drain. */
  readonly events: MemoryEventLog;
  readonly jobs: MemoryJobQueue;
  readonly admin: MemoryJobAdmin;
  readonly upkeep: MemoryUpkeep;
  readonly executions: MemoryExecutionStore;
  readonly outbox: MemoryOutbox;
  readonly schedules: MemorySchedules;
  readonly groups: MemoryGroups;
  readonly workers: MemoryWorkerDirectory;
  readonly audit: MemoryAuditLog;
  readonly stats: MemoryQueueStats;
  readonly health: StoreHealth = new InProcessStoreHealth('memory');
  /** What every port reads and changes; a subclass (a test seam) may reach it too. */
  protected readonly state: MemoryState;

  constructor(options: MemoryEngineOptions = {}) {
    super();
    const state = new MemoryState(options);
    const queues: MemoryQueueAccess = { find: (queue) => state.queueStates.get(queue), open: (queue) => state.queueFor(queue) };
    this.state = state;
    this.events = state.events;
    this.jobs = new MemoryJobQueue(state);
    this.admin = new MemoryJobAdmin(state);
    this.upkeep = new MemoryUpkeep(state);
    this.executions = new MemoryExecutionStore(state);
    this.outbox = new MemoryOutbox(state);
    this.schedules = new MemorySchedules(state.clock, (signal) => state.signal(signal));
    this.workers = new MemoryWorkerDirectory(queues, state.clock);
    this.stats = new MemoryQueueStats(state.clock);
    this.groups = new MemoryGroups(queues, state.clock, state.hostConcurrency);
    this.audit = new MemoryAuditLog(options.auditMaxEntries ?? DEFAULT_AUDIT_MAX_ENTRIES);
  }

  async close(): Promise<void> {
    this.state.closed = true;
    for (const q of this.state.queueStates.values()) q.waiters.wakeAll();
  }
}
