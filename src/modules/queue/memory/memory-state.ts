import { Clock, systemClock } from '../../../domain/clock';
import { InvalidJobSpecError, JobNotFoundError } from '../../../domain/errors';
import { DEFAULT_HARD_TIMEOUT_GRACE_MS, hardDeadline } from '../../../domain/hard-time-limit';
import { JobEvent } from '../../../domain/job-event';
import { queueOfJobId } from '../../../domain/job-id';
import { enqueueDecision } from '../../../domain/job-lifecycle';
import { DEFAULT_TIMEOUT_MS, EnqueueResult, Lease, NewJob } from '../../../domain/job';
import { DEFAULT_GROUP } from '../../../domain/fairness';
import type { StoreSignal } from '../outbox';
import { ReapResult } from '../upkeep-store';
import type { MemoryEngineOptions } from './memory-engine';
import { DEFAULT_EVENT_LOG_MAX_BYTES, MemoryEventLog } from './memory-event-log';
import { createRecord, toJob } from './memory-job-record';
import { enqueuedEvent, expireJob, failIfMalformed, promoteJob } from './memory-job-transitions';
import { MemoryJobEntry, MemoryQueue } from './memory-queue';
import { settleGraph } from './memory-graph';

/**
 * Everything the memory engine's ports share: the queues and their indexes, the event log, the
 * settings, and the steps more than one port takes. Every method is synchronous, so each port
 * operation built on them is atomic.
 */
export class MemoryState {
  /** Every state change, for the history writer to drain. */
  readonly events: MemoryEventLog;
  readonly keepEvents: boolean;
  /** The live feeds' taps (MemoryJobFeed), called with each call's events as they are recorded. */
  readonly taps = new Set<(queue: string, events: readonly JobEvent[]) => void>();
  /** Listeners of the store's signals (MemoryOutbox.onSignal). */
  readonly signalTaps = new Set<(signal: StoreSignal) => void>();
  readonly clock: Clock;
  readonly random: () => number;
  /** HARD_TIMEOUT_GRACE_MS. */
  readonly graceMs: number;
  readonly deleteSucceeded: boolean;
  readonly hostConcurrency: number;
  readonly configuredQueues: readonly string[];
  readonly queueStates = new Map<string, MemoryQueue>();
  /** Queues that have held a job (a worker waiting on a queue does not make it one). */
  readonly usedQueues = new Set<string>();
  /** Set by MemoryEngine.close: waitForWork returns at once from then on. */
  closed = false;

  constructor(options: MemoryEngineOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.graceMs = options.hardTimeoutGraceMs ?? DEFAULT_HARD_TIMEOUT_GRACE_MS;
    this.deleteSucceeded = options.deleteSucceeded === true;
    this.hostConcurrency = options.hostConcurrency ?? 0;
    this.configuredQueues = [...(options.configuredQueues ?? [])];
    this.events = new MemoryEventLog(options.historyBacklogMaxBytes ?? DEFAULT_EVENT_LOG_MAX_BYTES);
    this.keepEvents = options.keepEvents ?? true;
  }

  enqueueInto(q: MemoryQueue, jobs: NewJob[]): EnqueueResult[] {
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
      const decision = enqueueDecision(job.runAt, now);
      const runAt = decision.runAt;
      // a graph job with parents waits on them (job-graph.ts), its runAt kept for when it unblocks
      const status = (job.graph?.parentIds?.length ?? 0) > 0 ? 'blocked' : decision.status;
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
      for (const pid of job.graph?.parentIds ?? []) q.jobs.get(pid)?.record.graph?.childIds.push(job.id);
    }
    this.usedQueues.add(q.name);
    this.record(q, events);
    if (events.length > 0) q.waiters.wakeAll();
    return results;
  }

  /** `refuseTakenIds`: an id repeated in the batch or already stored is an error (ExecutionStore.create). */
  checkEnqueueBatch(q: MemoryQueue, jobs: NewJob[], refuseTakenIds: boolean): void {
    const ids = new Set<string>();
    for (const job of jobs) {
      if (job.queue !== q.name) throw new InvalidJobSpecError('queue', 'must be the same for every job of one enqueue call');
      if (refuseTakenIds && (ids.has(job.id) || q.jobs.has(job.id))) throw new InvalidJobSpecError('id', `${job.id} is already taken`);
      ids.add(job.id);
    }
  }

  /** startedAt + timeoutMs + grace; a damaged record counts from now with the default timeout, as the scripts do. */
  hardDeadlineOf(entry: MemoryJobEntry): number {
    const { startedAt, timeoutMs } = entry.record;
    const started = typeof startedAt === 'number' && Number.isFinite(startedAt) ? startedAt : this.clock.now();
    const tmo = typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) ? timeoutMs : DEFAULT_TIMEOUT_MS;
    return hardDeadline(started, tmo, this.graceMs);
  }

  /** The job a lease names, when the lease is its current one: running, same token. */
  currentLease(q: MemoryQueue, lease: Lease): MemoryJobEntry | undefined {
    const entry = q.jobs.get(lease.id);
    return entry && entry.status === 'running' && entry.record.token === lease.token ? entry : undefined;
  }

  expire(q: MemoryQueue, entry: MemoryJobEntry, err: string, now: number, events: JobEvent[], result: ReapResult): void {
    const event = failIfMalformed(q, entry, now) ?? expireJob(q, entry, err, now);
    events.push(event);
    if (entry.status === 'pending') result.requeued.push(entry.id);
    else if (entry.status === 'failed') result.failed.push(entry.id);
    else if (entry.status === 'cancelled') result.cancelled.push(entry.id);
  }

  promoteDueJobs(q: MemoryQueue, now: number, limit: number, events: JobEvent[]): number {
    let promoted = 0;
    while (promoted < limit) {
      const entry = q.takeDueScheduled(now);
      if (!entry) break;
      events.push(promoteJob(q, entry, now));
      promoted++;
    }
    return promoted;
  }

  /** Records a call's events, after settling the graph children of the jobs it ended (their events follow). */
  record(q: MemoryQueue, events: JobEvent[]): void {
    if (q.graphEnds.length > 0 && settleGraph(q, events)) q.waiters.wakeAll();
    if (events.length > 0 && this.keepEvents) this.events.append(q.name, events);
    if (events.length > 0) for (const tap of this.taps) tap(q.name, events);
  }

  queueFor(name: string): MemoryQueue {
    let q = this.queueStates.get(name);
    if (!q) {
      this.queueStates.set(name, (q = new MemoryQueue(name, this.hostConcurrency)));
      q.executions.dirtied = () => this.signal({ kind: 'refresh', queue: name });
      q.leased = () => this.signal({ kind: 'reap', queue: name });
    }
    return q;
  }

  signal(signal: StoreSignal): void {
    for (const tap of this.signalTaps) tap(signal);
  }

  findEntry(id: string): { q: MemoryQueue; entry: MemoryJobEntry } | undefined {
    const home = queueOfJobId(id);
    const homeQueue = home === undefined ? undefined : this.queueStates.get(home);
    const entry = homeQueue?.jobs.get(id);
    // an id names its queue (job-id.ts): one lookup, as in Redis, never a walk over the queues
    return homeQueue && entry ? { q: homeQueue, entry } : undefined;
  }

  /** The job's queue and entry; JobNotFoundError when the engine holds no such job. */
  requireEntry(id: string): { q: MemoryQueue; entry: MemoryJobEntry } {
    const found = this.findEntry(id);
    if (!found) throw new JobNotFoundError(id);
    return found;
  }
}
