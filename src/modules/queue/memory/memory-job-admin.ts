import { InvalidTransitionError } from '../../../domain/errors';
import { promoteDecision, retryDecision } from '../../../domain/job-lifecycle';
import { emptyCounts, Job, JOB_STATUSES, QueueCounts } from '../../../domain/job';
import { OldestPending } from '../../../domain/queue-stats';
import { LogPage } from '../../../domain/job-progress';
import { JobAdmin, ListPage, ListQuery } from '../job-admin';
import { decodeListCursor, encodeListCursor } from './list-cursor';
import { toJob } from './memory-job-record';
import { cancelJob, promoteJob, retryJob } from './memory-job-transitions';
import { reopenDescendants, reopenJob, reopenOf } from './memory-graph';
import { JobEvent } from '../../../domain/job-event';
import { MemoryState } from './memory-state';

/** The memory engine's JobAdmin: reads, pages and counts over the queue indexes; cancel, retry, promote. */
export class MemoryJobAdmin extends JobAdmin {
  constructor(private readonly state: MemoryState) {
    super();
  }

  async get(id: string): Promise<Job | null> {
    const found = this.state.findEntry(id);
    return found ? toJob(found.entry.record, found.entry.status) : null;
  }

  async logs(id: string, from: number, limit: number): Promise<LogPage | null> {
    const found = this.state.findEntry(id);
    if (!found) return null;
    const log = found.entry.record.log ?? { total: 0, kept: [] };
    const firstKept = log.total - log.kept.length + 1;
    const start = Math.max(0, from - firstKept);
    return { lines: log.kept.slice(start, start + limit).map((line) => ({ ...line })), total: log.total, firstKept };
  }

  /** Newest first in the chosen index: entry into the status when filtered, creation otherwise. */
  async list(query: ListQuery): Promise<ListPage> {
    const before = decodeListCursor(query.cursor);
    const q = this.state.queueStates.get(query.queue);
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

  async findByIdempotencyKey(queue: string, key: string): Promise<Job | null> {
    const q = this.state.queueStates.get(queue);
    const id = q?.idempotency.get(key);
    const entry = id === undefined ? undefined : q?.jobs.get(id);
    return entry ? toJob(entry.record, entry.status) : null;
  }

  async cancel(id: string): Promise<Job> {
    const { q, entry } = this.state.requireEntry(id);
    const change = cancelJob(q, entry, this.state.clock.now());
    if (change === 'refused') throw new InvalidTransitionError(id, entry.status, 'cancel');
    if (change) this.state.record(q, [change]);
    return toJob(entry.record, entry.status);
  }

  async retry(id: string): Promise<Job> {
    const { q, entry } = this.state.requireEntry(id);
    const now = this.state.clock.now();
    const decision = retryDecision(entry.status, now);
    if (decision === 'refuse') throw new InvalidTransitionError(id, entry.status, 'retry');
    const events: JobEvent[] = [];
    if (entry.record.graph?.parentIds !== undefined) {
      // a graph job with parents: blocked on those that have not ended, refused while one's end would end it again
      const reopen = reopenOf(q, entry);
      if (reopen === 'stay') throw new InvalidTransitionError(id, entry.status, 'retry');
      events.push(reopenJob(q, entry, reopen.status === 'blocked' ? reopen.waitingOn : 0, now));
    } else if (entry.status === 'skipped') {
      throw new InvalidTransitionError(id, entry.status, 'retry');
    } else {
      events.push(retryJob(q, entry, decision));
    }
    if (entry.record.executionId !== undefined) reopenDescendants(q, id, now, events);
    this.state.record(q, events);
    q.waiters.wakeAll();
    return toJob(entry.record, entry.status);
  }

  async promote(id: string): Promise<Job> {
    const { q, entry } = this.state.requireEntry(id);
    const now = this.state.clock.now();
    const decision = promoteDecision(entry.status, now);
    if (decision === 'refuse') throw new InvalidTransitionError(id, entry.status, 'promote');
    entry.record.runAt = decision.runAt;
    this.state.record(q, [promoteJob(q, entry, now)]);
    q.waiters.wakeAll();
    return toJob(entry.record, entry.status);
  }

  async counts(queue: string): Promise<QueueCounts> {
    const q = this.state.queueStates.get(queue);
    const out = emptyCounts();
    if (q) for (const status of JOB_STATUSES) out[status] = q.byStatus[status].size;
    return out;
  }

  /** The first job of the pending index (entry order, every group and priority): exact, O(1) amortised. */
  async oldestPending(queue: string): Promise<OldestPending> {
    const q = this.state.queueStates.get(queue);
    const first = q?.byStatus.pending.first();
    const record = first && q!.jobs.get(first.id)?.record;
    if (!record) return { jobId: null, since: null };
    const createdAt = Number.isFinite(record.createdAt) ? record.createdAt : 0;
    const runAt = Number.isFinite(record.runAt) ? record.runAt : createdAt;
    return { jobId: first.id, since: Math.max(runAt, createdAt) };
  }

  async queues(): Promise<string[]> {
    return [...new Set([...this.state.configuredQueues, ...this.state.usedQueues])].sort();
  }
}
