import { expiryReason, workerSilentError } from '../../../domain/hard-time-limit';
import { JobEvent } from '../../../domain/job-event';
import { JobStatus } from '../../../domain/job';
import { pastRetention } from '../../../domain/job-lifecycle';
import { EventsTrimResult, QuietAnswer, ReapResult, RetentionPolicy, UpkeepStore } from '../upkeep-store';
import { MemoryState } from './memory-state';
import { MemoryQueue } from './memory-queue';

const FINISHED: ReadonlyArray<[JobStatus, keyof RetentionPolicy]> = [
  ['succeeded', 'succeededMs'],
  ['failed', 'failedMs'],
  ['cancelled', 'cancelledMs'],
];

/** The memory engine's UpkeepStore: reaps, promotions and trims over MemoryState. */
export class MemoryUpkeep extends UpkeepStore {
  constructor(private readonly state: MemoryState) {
    super();
  }

  async quiet(queue: string): Promise<QuietAnswer> {
    const q = this.state.queueFor(queue);
    if (q.byStatus.running.size > 0) return { quiet: false };
    q.reapersQuiet = true;
    return { quiet: true, nextDueAt: q.nextDueAt() ?? null };
  }

  async reapExpired(queue: string, limit: number): Promise<ReapResult> {
    const result: ReapResult = { requeued: [], failed: [], cancelled: [] };
    const q = this.state.queueStates.get(queue);
    if (!q) return result;
    const now = this.state.clock.now();
    const events: JobEvent[] = [];
    // the round's placements after every lease, as reap.lua makes them (GroupRound.batch)
    q.round.batch(now, () => {
      for (let n = 0; n < limit; n++) {
        const entry = q.takeExpiredLease(now);
        if (!entry) break;
        this.state.expire(q, entry, expiryReason(now, this.state.hardDeadlineOf(entry)), now, events, result);
      }
    });
    this.state.record(q, events);
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
    const q = this.state.queueStates.get(queue);
    if (!q) return result;
    const now = this.state.clock.now();
    const cutoff = now - silentMs;
    const events: JobEvent[] = [];
    q.round.batch(now, () => this.reapEach(q, workerIds, limit, cutoff, now, events, result));
    this.state.record(q, events);
    if (result.requeued.length > 0) q.waiters.wakeAll();
    return result;
  }

  /** The leases of the silent ones of `workerIds` ended, at most `limit`, in id order. */
  private reapEach(q: MemoryQueue, workerIds: string[], limit: number, cutoff: number, now: number, events: JobEvent[], result: ReapResult): void {
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
        this.state.expire(q, entry, workerSilentError(workerId), now, events, result);
        n++;
      }
      if ((q.held.get(workerId)?.size ?? 0) === 0) {
        q.held.delete(workerId);
        q.workers.delete(workerId);
      }
    }
  }

  async promoteDue(queue: string, limit: number): Promise<number> {
    const q = this.state.queueStates.get(queue);
    if (!q) return 0;
    const events: JobEvent[] = [];
    const promoted = this.state.promoteDueJobs(q, this.state.clock.now(), limit, events);
    this.state.record(q, events);
    if (promoted > 0) q.waiters.wakeAll();
    return promoted;
  }

  /** The log drops at append, past its budget (MemoryEventLog); this reports what it dropped of `queue`. */
  async trimEvents(queue: string): Promise<EventsTrimResult> {
    return { scanned: 0, more: false, dropped: this.state.events.takeDropped(queue) };
  }

  async trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number> {
    const q = this.state.queueStates.get(queue);
    if (!q) return 0;
    const now = this.state.clock.now();
    let trimmed = 0;
    for (const [status, field] of FINISHED) {
      const room = limit - trimmed;
      const found: { id: string; at: number }[] = [];
      // oldest first: the first job young enough ends the walk; past `room`, the jobs that finished
      // in the same millisecond as the last one are read too, since trim.lua's index orders them by id
      for (const { id } of q.byStatus[status].oldestFirst()) {
        const entry = q.jobs.get(id);
        const at = entry ? entry.enteredAt : Number.NEGATIVE_INFINITY;
        if (found.length >= room && (found.length === 0 || at !== found[found.length - 1].at)) break;
        if (entry && !pastRetention(entry.enteredAt, now, retention[field])) break;
        found.push({ id, at });
      }
      found.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const victims = found.slice(0, Math.max(0, room)).map((v) => v.id);
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
}
