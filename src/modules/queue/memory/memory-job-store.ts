import { MemoryGroups } from './memory-groups';
import { MemorySchedules } from './memory-schedules';
import { MemoryWorkerDirectory } from './memory-worker-directory';
import { MemoryAuditLog } from './memory-audit-log';
import { DEFAULT_AUDIT_MAX_ENTRIES } from '../audit-store';
import { MemoryQueueStats } from './memory-queue-stats';
import { backoffDelay } from '../../../domain/backoff';
import { Clock, systemClock } from '../../../domain/clock';
import { InvalidJobSpecError, InvalidTransitionError, JobNotFoundError } from '../../../domain/errors';
import { DEFAULT_HARD_TIMEOUT_GRACE_MS, expiryReason, hardDeadline, workerSilentError } from '../../../domain/hard-time-limit';
import { JobEvent } from '../../../domain/job-event';
import { OldestPending } from '../../../domain/queue-stats';
import { queueOfJobId } from '../../../domain/job-id';
import { claimDecision, enqueueDecision, heartbeatDecision, promoteDecision, retryDecision } from '../../../domain/job-lifecycle';
import { ClaimedJob, DEFAULT_TIMEOUT_MS, EnqueueResult, HeartbeatOutcome, Job, JobStatus, Lease, NewJob, QueueCounts } from '../../../domain/job';
import {
  ClaimResult,
  CompleteRequest,
  EventsTrimResult,
  ExecutionPage,
  FailRequest,
  JobStore,
  ListPage,
  ListQuery,
  ReapResult,
  RefreshBacklog,
  EventBacklog,
  RetentionPolicy,
  SettleOutcome,
} from '../job-store';
import { decodeListCursor, encodeListCursor } from './list-cursor';
import { decodeExecutionCursor, encodeExecutionCursor } from '../execution-list-cursor';
import { JobEventSources } from '../events/job-event-sources';
import { MemoryJobEventSources } from '../events/memory-job-event-sources';
import { InProcessStoreHealth, StoreHealth } from '../store-health';
import { DEFAULT_EVENT_LOG_MAX_BYTES, MemoryEventLog } from './memory-event-log';
import { createRecord, toJob } from './memory-job-record';
import {
  cancelJob,
  claimJob,
  completeJob,
  enqueuedEvent,
  expireJob,
  failIfMalformed,
  failJob,
  promoteJob,
  releaseJob,
  retryJob,
} from './memory-job-transitions';
import { MemoryJobEntry, MemoryQueue } from './memory-queue';
import { MemoryGroup } from './memory-group';
import { DEFAULT_GROUP } from '../../../domain/fairness';
import { ExecutionRecord, NewExecution, queueOfExecutionId } from '../../../domain/execution';
import { cancelExecutionJobs, listExecutionJobs, requireExecution } from './memory-execution-ops';
import { toRecord } from './memory-executions';

export interface MemoryJobStoreOptions {
  clock?: Clock;
  configuredQueues?: string[];
  /**
   * HISTORY_BACKLOG_MAX_MB in bytes: what the event outbox (`events`) may hold for the history
   * writer; beyond it the oldest events are dropped and recorded as a gap (MemoryEventLog).
   */
  historyBacklogMaxBytes?: number;
  /**
   * Whether to record events at all (default true). Only the history writer reads them: a store
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

/** The statuses a failure leaves a job in (pending also after a scheduled retry's promotion); fail.lua's FAIL_OUTCOMES. */
const FAIL_OUTCOMES: ReadonlySet<JobStatus> = new Set<JobStatus>(['scheduled', 'pending', 'failed', 'cancelled']);

const FINISHED: ReadonlyArray<[JobStatus, keyof RetentionPolicy]> = [
  ['succeeded', 'succeededMs'],
  ['failed', 'failedMs'],
  ['cancelled', 'cancelledMs'],
];

/**
 * The single-process JobStore: every index in memory, every operation synchronous (so atomic)
 * behind the async contract. What `npm start` runs with nothing else installed.
 */
export class MemoryJobStore extends JobStore {
  /** Every state change, for the history writer to drain. */
  readonly events: MemoryEventLog;
  private readonly keepEvents: boolean;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly graceMs: number;
  private readonly deleteSucceeded: boolean;
  private readonly hostConcurrency: number;
  private readonly configuredQueues: readonly string[];
  private readonly queueStates = new Map<string, MemoryQueue>();
  /** Queues that have held a job (a worker waiting on a queue does not make it one). */
  private readonly usedQueues = new Set<string>();
  private closed = false;

  constructor(options: MemoryJobStoreOptions = {}) {
    super();
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.graceMs = options.hardTimeoutGraceMs ?? DEFAULT_HARD_TIMEOUT_GRACE_MS;
    this.deleteSucceeded = options.deleteSucceeded === true;
    this.hostConcurrency = options.hostConcurrency ?? 0;
    this.configuredQueues = [...(options.configuredQueues ?? [])];
    this.events = new MemoryEventLog(options.historyBacklogMaxBytes ?? DEFAULT_EVENT_LOG_MAX_BYTES);
    this.keepEvents = options.keepEvents ?? true;
    this.schedules = new MemorySchedules(this.clock);
    this.workers = new MemoryWorkerDirectory(this.clock);
    this.stats = new MemoryQueueStats(this.clock);
    this.groups = new MemoryGroups({ find: (queue) => this.queueStates.get(queue), open: (queue) => this.queueFor(queue) }, this.clock, this.hostConcurrency);
    this.audit = new MemoryAuditLog(options.auditMaxEntries ?? DEFAULT_AUDIT_MAX_ENTRIES);
  }

  async enqueue(jobs: NewJob[]): Promise<EnqueueResult[]> {
    if (jobs.length === 0) return [];
    return this.enqueueInto(this.queueFor(jobs[0].queue), jobs);
  }

  private enqueueInto(q: MemoryQueue, jobs: NewJob[]): EnqueueResult[] {
    this.checkEnqueueBatch(q, jobs, false);
    const now = this.clock.now();
    const results: EnqueueResult[] = [];
    const events: JobEvent[] = [];
    for (const job of jobs) {
      // an id already stored (the same jobs sent again, as enqueue.lua allows) is not added twice
      const existingId = q.jobs.has(job.id) ? job.id : job.idempotencyKey === undefined ? undefined : q.idempotency.get(job.idempotencyKey);
      const existing = existingId === undefined ? undefined : q.jobs.get(existingId);
      if (existing) {
        results.push({ job: toJob(existing.record, existing.status), created: false });
        continue;
      }
      const { status, runAt } = enqueueDecision(job.runAt, now);
      const entry: MemoryJobEntry = {
        id: job.id,
        queue: q.name,
        group: job.group ?? DEFAULT_GROUP,
        createdSeq: q.nextSeq(),
        record: createRecord(job, status, runAt, now),
        status,
        seq: q.nextSeq(),
        enteredAt: now,
      };
      q.insert(entry, now);
      if (job.idempotencyKey !== undefined) q.idempotency.set(job.idempotencyKey, job.id);
      events.push(enqueuedEvent(entry, now));
      results.push({ job: toJob(entry.record, status), created: true });
    }
    this.usedQueues.add(q.name);
    this.record(q, events);
    if (events.length > 0) q.waiters.wakeAll();
    return results;
  }

  async get(id: string): Promise<Job | null> {
    const found = this.findEntry(id);
    return found ? toJob(found.entry.record, found.entry.status) : null;
  }

  /** Newest first in the chosen index: entry into the status when filtered, creation otherwise. */
  async list(query: ListQuery): Promise<ListPage> {
    const before = decodeListCursor(query.cursor);
    const q = this.queueStates.get(query.queue);
    if (!q) return { items: [], nextCursor: null };
    const index = query.status ? q.byStatus[query.status] : q.all;
    const limit = Math.max(1, Math.floor(query.limit));
    const items: Job[] = [];
    let lastSeq = 0;
    for (const { id, seq } of index.newestFirst(before)) {
      const entry = q.jobs.get(id);
      if (!entry || (query.type !== undefined && entry.record.type !== query.type)) continue;
      if (items.length === limit) return { items, nextCursor: encodeListCursor(lastSeq) };
      items.push(toJob(entry.record, entry.status));
      lastSeq = seq;
    }
    return { items, nextCursor: null };
  }

  async claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult> {
    const q = this.queueStates.get(queue);
    if (!q) return { jobs: [] };
    const now = this.clock.now();
    const events: JobEvent[] = [];
    const promoted = this.promoteDueJobs(q, now, Number.POSITIVE_INFINITY, events);
    const jobs: ClaimedJob[] = [];
    // one job of the group at the round's tier; malformed ones met on the way are failed and skipped
    const take = (group: MemoryGroup, tier: number): boolean => {
      for (let entry = q.takePending(group, tier); entry; entry = q.takePending(group, tier)) {
        const malformed = failIfMalformed(q, entry, now);
        if (malformed) {
          events.push(malformed);
          continue;
        }
        const change = claimDecision(entry.record, now, leaseMs, this.graceMs);
        events.push(claimJob(q, entry, workerId, change));
        const job = toJob(entry.record, 'running');
        // a claim hands over the job without its last error's stack (ClaimedJob; claim.lua does not read it)
        delete job.lastErrorStack;
        jobs.push({ job, token: change.token, leaseExpiresAt: change.leaseExpiresAt });
        return true;
      }
      return false;
    };
    const { queueLimited } = q.round.serve(max, now, take);
    this.record(q, events);
    if (promoted > 0 && q.byStatus.pending.size > 0) q.waiters.wakeAll();
    const result: ClaimResult = { jobs };
    if (jobs.length >= max && q.round.size > 0) result.more = true;
    if (promoted > 0) result.promoted = promoted;
    if (jobs.length < max) {
      const due = [q.nextDueAt(), q.round.nextDueAt(now, queueLimited)].filter((t): t is number => t !== undefined);
      if (due.length > 0) result.nextDueAt = Math.min(...due);
    }
    return result;
  }

  async heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]> {
    const q = this.queueStates.get(queue);
    const now = this.clock.now();
    return leases.map((lease) => {
      const entry = q && this.currentLease(q, lease);
      if (!entry) return 'stale';
      const decision = heartbeatDecision(this.hardDeadlineOf(entry), entry.record.cancelRequested === true, now, leaseMs);
      if (decision.outcome === 'stale') return 'stale';
      entry.record.leaseExpiresAt = decision.leaseExpiresAt;
      q.extendLease(entry, decision.leaseExpiresAt);
      return decision.outcome;
    });
  }

  async strayLeases(queue: string, workerId: string, heldIds: string[]): Promise<Lease[]> {
    const q = this.queueStates.get(queue);
    const held = new Set(heldIds);
    const stray: Lease[] = [];
    for (const id of q?.held.get(workerId) ?? []) {
      if (held.has(id)) continue;
      const entry = q?.jobs.get(id);
      if (entry && entry.status === 'running' && entry.holder === workerId) stray.push({ id, token: entry.record.token });
    }
    return stray;
  }

  async complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]> {
    return this.settle(
      queue,
      items,
      (q, entry, item, now) => {
        const event = completeJob(q, entry, item.resultJson, now);
        // delete on completion (SUCCEEDED_RETENTION_MS=0), except what complete.lua keeps too
        if (this.deleteSucceeded && entry.record.callbackUrl === undefined && entry.record.executionId === undefined) q.remove(entry, now);
        return event;
      },
      // the same completion applied twice (same current token), as complete.lua answers it
      (entry) => (entry.status === 'succeeded' ? 'succeeded' : undefined),
    );
  }

  async fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]> {
    return this.settle(
      queue,
      items,
      (q, entry, item, now) => {
        const delay = (): number => item.retryDelayMs ?? backoffDelay(entry.record.backoff, entry.record.attempts, this.random);
        return failJob(q, entry, item.error, item.retryable, delay, now, item.stack);
      },
      // the same failure applied twice (same current token, same error), as fail.lua answers it
      (entry, item) => (FAIL_OUTCOMES.has(entry.status) && entry.record.lastError === item.error ? entry.status : undefined),
    );
  }

  async release(queue: string, leases: Lease[]): Promise<SettleOutcome[]> {
    return this.settle(queue, leases, (q, entry, _lease, now) => releaseJob(q, entry, now));
  }

  async cancel(id: string): Promise<Job> {
    const { q, entry } = this.requireEntry(id);
    const change = cancelJob(q, entry, this.clock.now());
    if (change === 'refused') throw new InvalidTransitionError(id, entry.status, 'cancel');
    if (change) this.record(q, [change]);
    return toJob(entry.record, entry.status);
  }

  async retry(id: string): Promise<Job> {
    const { q, entry } = this.requireEntry(id);
    const decision = retryDecision(entry.status, this.clock.now());
    if (decision === 'refuse') throw new InvalidTransitionError(id, entry.status, 'retry');
    this.record(q, [retryJob(q, entry, decision)]);
    q.waiters.wakeAll();
    return toJob(entry.record, entry.status);
  }

  async promote(id: string): Promise<Job> {
    const { q, entry } = this.requireEntry(id);
    const now = this.clock.now();
    const decision = promoteDecision(entry.status, now);
    if (decision === 'refuse') throw new InvalidTransitionError(id, entry.status, 'promote');
    entry.record.runAt = decision.runAt;
    this.record(q, [promoteJob(q, entry, now)]);
    q.waiters.wakeAll();
    return toJob(entry.record, entry.status);
  }

  async reapExpired(queue: string, limit: number): Promise<ReapResult> {
    const result: ReapResult = { requeued: [], failed: [], cancelled: [] };
    const q = this.queueStates.get(queue);
    if (!q) return result;
    const now = this.clock.now();
    const events: JobEvent[] = [];
    for (let n = 0; n < limit; n++) {
      const entry = q.takeExpiredLease(now);
      if (!entry) break;
      this.expire(q, entry, expiryReason(now, this.hardDeadlineOf(entry)), now, events, result);
    }
    this.record(q, events);
    if (result.requeued.length > 0) q.waiters.wakeAll();
    return result;
  }

  /**
   * A reaped worker that holds no lease any more leaves the registry too, so the reaper does not
   * meet the same dead worker on every pass (and crowd out newly silent ones under its limit).
   * A worker that registered at or after now - silentMs is alive again and skipped (reap-workers.lua).
   */
  async reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult> {
    const result: ReapResult = { requeued: [], failed: [], cancelled: [] };
    const q = this.queueStates.get(queue);
    if (!q) return result;
    const now = this.clock.now();
    const cutoff = now - silentMs;
    const events: JobEvent[] = [];
    let n = 0;
    for (const workerId of workerIds) {
      const seen = q.workers.get(workerId);
      if (seen !== undefined && seen >= cutoff) continue;
      // in id order, as reap-workers.lua ends the leases it read
      for (const id of [...(q.held.get(workerId) ?? [])].sort()) {
        if (n >= limit) break;
        const entry = q.jobs.get(id);
        if (!entry || entry.status !== 'running' || entry.holder !== workerId) {
          q.held.get(workerId)?.delete(id);
          continue;
        }
        this.expire(q, entry, workerSilentError(workerId), now, events, result);
        n++;
      }
      if ((q.held.get(workerId)?.size ?? 0) === 0) {
        q.held.delete(workerId);
        q.workers.delete(workerId);
      }
    }
    this.record(q, events);
    if (result.requeued.length > 0) q.waiters.wakeAll();
    return result;
  }

  async promoteDue(queue: string, limit: number): Promise<number> {
    const q = this.queueStates.get(queue);
    if (!q) return 0;
    const events: JobEvent[] = [];
    const promoted = this.promoteDueJobs(q, this.clock.now(), limit, events);
    this.record(q, events);
    if (promoted > 0) q.waiters.wakeAll();
    return promoted;
  }

  /** The log drops at append, past its budget (MemoryEventLog); this reports what it dropped of `queue`. */
  async trimEvents(queue: string): Promise<EventsTrimResult> {
    return { scanned: 0, more: false, dropped: this.events.takeDropped(queue) };
  }

  async trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number> {
    const q = this.queueStates.get(queue);
    if (!q) return 0;
    const now = this.clock.now();
    let trimmed = 0;
    for (const [status, field] of FINISHED) {
      const cutoff = now - retention[field];
      const victims: string[] = [];
      // oldest first: the first job young enough ends the walk
      for (const { id } of q.byStatus[status].oldestFirst()) {
        if (trimmed + victims.length >= limit) break;
        const entry = q.jobs.get(id);
        if (entry && entry.enteredAt > cutoff) break;
        victims.push(id);
      }
      for (const id of victims) {
        const entry = q.jobs.get(id);
        if (entry) q.remove(entry, now);
        else {
          q.byStatus[status].delete(id);
          q.all.delete(id);
        }
      }
      trimmed += victims.length;
    }
    return trimmed;
  }

  async counts(queue: string): Promise<QueueCounts> {
    const q = this.queueStates.get(queue);
    const out = { pending: 0, scheduled: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
    if (q) for (const status of Object.keys(out) as JobStatus[]) out[status] = q.byStatus[status].size;
    return out;
  }

  /** The first job of the pending index (entry order, every group and priority): exact, O(1) amortised. */
  async oldestPending(queue: string): Promise<OldestPending> {
    const q = this.queueStates.get(queue);
    const first = q?.byStatus.pending.first();
    const record = first && q!.jobs.get(first.id)?.record;
    if (!record) return { jobId: null, since: null };
    const createdAt = Number.isFinite(record.createdAt) ? record.createdAt : 0;
    const runAt = Number.isFinite(record.runAt) ? record.runAt : createdAt;
    return { jobId: first.id, since: Math.max(runAt, createdAt) };
  }

  async queues(): Promise<string[]> {
    return [...new Set([...this.configuredQueues, ...this.usedQueues])].sort();
  }

  async registerWorker(queue: string, workerId: string): Promise<void> {
    this.queueFor(queue).workers.set(workerId, this.clock.now());
  }

  async unregisterWorker(queue: string, workerId: string): Promise<void> {
    this.queueStates.get(queue)?.workers.delete(workerId);
  }

  async silentWorkers(queue: string, silentMs: number, limit: number): Promise<string[]> {
    const q = this.queueStates.get(queue);
    if (!q) return [];
    const cutoff = this.clock.now() - silentMs;
    return [...q.workers]
      .filter(([, lastSeen]) => lastSeen < cutoff)
      .sort((a, b) => a[1] - b[1])
      .slice(0, Math.max(0, limit))
      .map(([workerId]) => workerId);
  }

  async waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.closed) return;
    await this.queueFor(queue).waiters.wait(timeoutMs, signal);
  }

  async findByIdempotencyKey(queue: string, key: string): Promise<Job | null> {
    const q = this.queueStates.get(queue);
    const id = q?.idempotency.get(key);
    const entry = id === undefined ? undefined : q?.jobs.get(id);
    return entry ? toJob(entry.record, entry.status) : null;
  }

  async createExecution(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord> {
    if (jobs.some((j) => j.queue !== execution.queue || j.executionId !== execution.id)) {
      throw new InvalidJobSpecError('jobs', `must all be of queue ${execution.queue} and execution ${execution.id}`);
    }
    const q = this.queueFor(execution.queue);
    const prior = q.executions.byIdempotencyKey(execution.idempotencyKey);
    if (prior && prior.id !== execution.id) return toRecord(prior);
    this.checkEnqueueBatch(q, jobs, true);
    const created = q.executions.create(execution.id, this.clock.now(), execution.callbackUrl, execution.idempotencyKey);
    q.executions.refresh.add(execution.id);
    await this.enqueue(jobs);
    this.usedQueues.add(q.name);
    return toRecord(created);
  }

  async getExecution(id: string): Promise<ExecutionRecord | null> {
    const execution = this.executionQueue(id)?.executions.byId.get(id);
    return execution ? toRecord(execution) : null;
  }

  async listExecutions(queue: string, limit: number, cursor?: string): Promise<ExecutionPage> {
    const after = decodeExecutionCursor(cursor);
    const count = Math.max(1, Math.floor(limit));
    const page = this.queueStates.get(queue)?.executions.list(count, after) ?? { items: [], more: false };
    const last = page.items[page.items.length - 1];
    return { items: page.items.map(toRecord), nextCursor: page.more ? encodeExecutionCursor({ createdAt: last.createdAt, id: last.id }) : null };
  }

  async listExecutionJobs(id: string, limit: number, cursor?: string): Promise<ListPage> {
    return listExecutionJobs(this.executionQueue(id), id, limit, cursor);
  }

  async cancelExecution(id: string): Promise<ExecutionRecord> {
    const q = this.executionQueue(id);
    const execution = requireExecution(q, id);
    if (q) this.record(q, cancelExecutionJobs(q, execution, this.clock.now()));
    return toRecord(execution);
  }

  async claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]> {
    return this.queueStates.get(queue)?.executions.claim(refresherId, max, this.clock.now()) ?? [];
  }

  async ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void> {
    this.queueStates.get(queue)?.executions.ack(refresherId, ids, callbacksEnqueued, this.clock.now());
  }

  async requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number> {
    return this.queueStates.get(queue)?.executions.requeueStale(this.clock.now() - staleMs, limit) ?? 0;
  }

  async trimExecutions(queue: string, retentionMs: number, limit: number): Promise<number> {
    return this.queueStates.get(queue)?.executions.trim(this.clock.now() - retentionMs, limit) ?? 0;
  }

  async refreshBacklog(queue: string): Promise<RefreshBacklog> {
    const executions = this.queueStates.get(queue)?.executions;
    return { backlog: executions?.refresh.size ?? 0, inFlight: executions?.refreshing.size ?? 0 };
  }

  eventSources(): JobEventSources {
    return new MemoryJobEventSources(this.events);
  }

  async eventBacklog(queue: string): Promise<EventBacklog> {
    return this.events.backlogOf(queue);
  }

  readonly health: StoreHealth = new InProcessStoreHealth('memory');
  readonly schedules: MemorySchedules;
  readonly workers: MemoryWorkerDirectory;
  readonly groups: MemoryGroups;
  readonly audit: MemoryAuditLog;
  readonly stats: MemoryQueueStats;

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queueStates.values()) q.waiters.wakeAll();
  }

  /** `refuseTakenIds`: an id repeated in the batch or already stored is an error (createExecution). */
  private checkEnqueueBatch(q: MemoryQueue, jobs: NewJob[], refuseTakenIds: boolean): void {
    const ids = new Set<string>();
    for (const job of jobs) {
      if (job.queue !== q.name) throw new InvalidJobSpecError('queue', 'must be the same for every job of one enqueue call');
      if (refuseTakenIds && (ids.has(job.id) || q.jobs.has(job.id))) throw new InvalidJobSpecError('id', `${job.id} is already taken`);
      ids.add(job.id);
    }
  }

  /**
   * `replayed`: for a job no longer running whose token is still the presented one, the outcome
   * of this same settle applied before (its reply lost, the batch sent again), or undefined: stale.
   */
  private settle<T extends Lease>(
    queue: string,
    items: T[],
    apply: (q: MemoryQueue, entry: MemoryJobEntry, item: T, now: number) => JobEvent,
    replayed?: (entry: MemoryJobEntry, item: T) => SettleOutcome | undefined,
  ): SettleOutcome[] {
    const q = this.queueStates.get(queue);
    if (!q) return items.map(() => 'stale');
    const now = this.clock.now();
    const events: JobEvent[] = [];
    const outcomes = items.map((item): SettleOutcome => {
      const entry = this.currentLease(q, item);
      if (!entry) {
        const settled = q.jobs.get(item.id);
        const same = settled && settled.status !== 'running' && settled.record.token === item.token;
        return (same && replayed?.(settled, item)) || 'stale';
      }
      events.push(failIfMalformed(q, entry, now) ?? apply(q, entry, item, now));
      return entry.status;
    });
    this.record(q, events);
    if (outcomes.includes('pending')) q.waiters.wakeAll();
    return outcomes;
  }

  /** startedAt + timeoutMs + grace; a damaged record counts from now with the default timeout, as the scripts do. */
  private hardDeadlineOf(entry: MemoryJobEntry): number {
    const { startedAt, timeoutMs } = entry.record;
    const started = typeof startedAt === 'number' && Number.isFinite(startedAt) ? startedAt : this.clock.now();
    const tmo = typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) ? timeoutMs : DEFAULT_TIMEOUT_MS;
    return hardDeadline(started, tmo, this.graceMs);
  }

  /** The job a lease names, when the lease is its current one: running, same token. */
  private currentLease(q: MemoryQueue, lease: Lease): MemoryJobEntry | undefined {
    const entry = q.jobs.get(lease.id);
    return entry && entry.status === 'running' && entry.record.token === lease.token ? entry : undefined;
  }

  private expire(q: MemoryQueue, entry: MemoryJobEntry, err: string, now: number, events: JobEvent[], result: ReapResult): void {
    const event = failIfMalformed(q, entry, now) ?? expireJob(q, entry, err, now);
    events.push(event);
    if (entry.status === 'pending') result.requeued.push(entry.id);
    else if (entry.status === 'failed') result.failed.push(entry.id);
    else if (entry.status === 'cancelled') result.cancelled.push(entry.id);
  }

  private promoteDueJobs(q: MemoryQueue, now: number, limit: number, events: JobEvent[]): number {
    let promoted = 0;
    while (promoted < limit) {
      const entry = q.takeDueScheduled(now);
      if (!entry) break;
      events.push(promoteJob(q, entry, now));
      promoted++;
    }
    return promoted;
  }

  private executionQueue(id: string): MemoryQueue | undefined {
    const queue = queueOfExecutionId(id);
    return queue === undefined ? undefined : this.queueStates.get(queue);
  }

  private record(q: MemoryQueue, events: JobEvent[]): void {
    if (events.length > 0 && this.keepEvents) this.events.append(q.name, events);
  }

  private queueFor(name: string): MemoryQueue {
    let q = this.queueStates.get(name);
    if (!q) this.queueStates.set(name, (q = new MemoryQueue(name, this.hostConcurrency)));
    return q;
  }

  private findEntry(id: string): { q: MemoryQueue; entry: MemoryJobEntry } | undefined {
    const home = queueOfJobId(id);
    const homeQueue = home === undefined ? undefined : this.queueStates.get(home);
    const entry = homeQueue?.jobs.get(id);
    // an id names its queue (job-id.ts): one lookup, as in Redis, never a walk over the queues
    return homeQueue && entry ? { q: homeQueue, entry } : undefined;
  }

  /** The job's queue and entry; JobNotFoundError when the store holds no such job. */
  protected requireEntry(id: string): { q: MemoryQueue; entry: MemoryJobEntry } {
    const found = this.findEntry(id);
    if (!found) throw new JobNotFoundError(id);
    return found;
  }
}
