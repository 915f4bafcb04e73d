import { parseStoredJson } from '../job-payload';
import { backoffDelay } from '../../../domain/backoff';
import { JobEvent } from '../../../domain/job-event';
import { claimDecision, heartbeatDecision } from '../../../domain/job-lifecycle';
import { ClaimedJob, EnqueueResult, HeartbeatOutcome, JobStatus, Lease, NewJob } from '../../../domain/job';
import { ClaimResult, CompleteRequest, FailRequest, HeldLeases, JobQueue, ReportOutcome, ReportRequest, SettleOutcome, StrayLease } from '../job-queue';
import { encodeLogData } from '../../../domain/job-progress';
import { toJob } from './memory-job-record';
import { claimJob, completeJob, failIfMalformed, failJob, releaseJob } from './memory-job-transitions';
import { MemoryGroup } from './memory-group';
import { MemoryJobEntry, MemoryQueue } from './memory-queue';
import { MemoryState } from './memory-state';

/** The statuses a failure leaves a job in (pending also after a scheduled retry's promotion); fail.lua's FAIL_OUTCOMES. */
const FAIL_OUTCOMES: ReadonlySet<JobStatus> = new Set<JobStatus>(['scheduled', 'pending', 'failed', 'cancelled']);

/** The memory engine's JobQueue: enqueue, claim, keep and settle leases over MemoryState. */
export class MemoryJobQueue extends JobQueue {
  constructor(private readonly state: MemoryState) {
    super();
  }

  async enqueue(jobs: NewJob[]): Promise<EnqueueResult[]> {
    if (jobs.length === 0) return [];
    return this.state.enqueueInto(this.state.queueFor(jobs[0].queue), jobs);
  }

  async claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult> {
    const { state } = this;
    const q = state.queueStates.get(queue);
    if (!q) return { jobs: [] };
    const now = state.clock.now();
    const events: JobEvent[] = [];
    const promoted = state.promoteDueJobs(q, now, Number.POSITIVE_INFINITY, events);
    const jobs: ClaimedJob[] = [];
    // one job of the group at the round's tier; malformed ones met on the way are failed and skipped
    const take = (group: MemoryGroup, tier: number): boolean => {
      for (let entry = q.takePending(group, tier); entry; entry = q.takePending(group, tier)) {
        const malformed = failIfMalformed(q, entry, now);
        if (malformed) {
          events.push(malformed);
          continue;
        }
        const change = claimDecision(entry.record, now, leaseMs, state.graceMs);
        events.push(claimJob(q, entry, workerId, change));
        const job = toJob(entry.record, 'running');
        // a claim hands over the job without its last error's stack (ClaimedJob; claim.lua does not read it)
        delete job.lastErrorStack;
        const claimed: ClaimedJob = { job, token: change.token, leaseExpiresAt: change.leaseExpiresAt };
        const g = entry.record.graph;
        if (g?.parentIds !== undefined) {
          claimed.parents = Object.fromEntries([...g.parentResults].map(([k, v]) => [k, parseStoredJson(v)]));
          if (g.parentRuns.size > 0) claimed.parentRuns = Object.fromEntries(g.parentRuns);
        }
        jobs.push(claimed);
        return true;
      }
      return false;
    };
    const { queueLimited } = q.round.serve(max, now, take);
    state.record(q, events);
    if (promoted > 0 && q.byStatus.pending.size > 0) q.waiters.wakeAll();
    const result: ClaimResult = { jobs };
    if (jobs.length >= max && q.round.claimableNow(now)) result.more = true;
    if (promoted > 0) result.promoted = promoted;
    if (jobs.length < max) {
      const due = [q.nextDueAt(), q.round.nextDueAt(now, queueLimited)].filter((t): t is number => t !== undefined);
      if (due.length > 0) result.nextDueAt = Math.min(...due);
    }
    return result;
  }

  async heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]> {
    const q = this.state.queueStates.get(queue);
    const now = this.state.clock.now();
    return leases.map((lease) => {
      const entry = q && this.state.currentLease(q, lease);
      if (!entry) return 'stale';
      const decision = heartbeatDecision(this.state.hardDeadlineOf(entry), entry.record.cancelRequested === true, now, leaseMs);
      if (decision.outcome === 'stale') return 'stale';
      entry.record.leaseExpiresAt = decision.leaseExpiresAt;
      q.extendLease(entry, decision.leaseExpiresAt);
      return decision.outcome;
    });
  }

  async heldCounts(queue: string, workerIds: readonly string[]): Promise<number[]> {
    const q = this.state.queueStates.get(queue);
    return workerIds.map((id) => q?.held.get(id)?.size ?? 0);
  }

  async report(queue: string, items: ReportRequest[], logLines: number): Promise<ReportOutcome[]> {
    const q = this.state.queueStates.get(queue);
    const now = this.state.clock.now();
    const events: JobEvent[] = [];
    const out = items.map((item): ReportOutcome => {
      const entry = q && this.state.currentLease(q, item);
      if (!entry) return 'stale';
      const r = entry.record;
      const base = { id: entry.id, st: 'running' as const, att: r.attempts, at: now, w: r.workerId, run: r.token };
      if (item.progressJson !== undefined) {
        r.progressJson = item.progressJson;
        r.progressAt = now;
        events.push({ k: 'progress', ...base, data: item.progressJson });
      }
      if (item.lines !== undefined && item.lines.length > 0) {
        const log = (r.log ??= { total: 0, kept: [] });
        const first = log.total + 1;
        for (const line of item.lines) log.kept.push({ seq: ++log.total, at: now, line });
        if (log.kept.length > logLines) log.kept.splice(0, log.kept.length - logLines);
        events.push({ k: 'log', ...base, data: encodeLogData(first, item.lines) });
      }
      return 'ok';
    });
    if (q && events.length > 0) this.state.record(q, events);
    return out;
  }

  async strayLeases(queue: string, workers: readonly HeldLeases[], claimedBefore?: number): Promise<StrayLease[]> {
    const q = this.state.queueStates.get(queue);
    const stray: StrayLease[] = [];
    for (const { workerId, heldIds } of workers) {
      const held = new Set(heldIds);
      for (const id of q?.held.get(workerId) ?? []) {
        if (held.has(id)) continue;
        const entry = q?.jobs.get(id);
        if (!entry || entry.status !== 'running' || entry.holder !== workerId) continue;
        if (claimedBefore === undefined || (entry.record.startedAt ?? 0) < claimedBefore) stray.push({ id, token: entry.record.token, workerId });
      }
    }
    return stray;
  }

  async complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]> {
    return this.settle(
      queue,
      items,
      (q, entry, item, now) => {
        // a graph job's succeeded run, for its children's links (complete.lua's rtp)
        if (item.runTraceparent !== undefined && entry.record.graph && entry.record.executionId !== undefined) entry.record.graph.run = item.runTraceparent;
        const event = completeJob(q, entry, item.resultJson, now);
        // delete on completion (SUCCEEDED_RETENTION_MS=0), except what complete.lua keeps too
        if (this.state.deleteSucceeded && entry.record.callbackUrl === undefined && entry.record.executionId === undefined) q.remove(entry, now);
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
        const delay = (): number => item.retryDelayMs ?? backoffDelay(entry.record.backoff, entry.record.attempts, this.state.random);
        return failJob(q, entry, item.error, item.retryable, delay, now, item.stack);
      },
      // the same failure applied twice (same current token, same error), as fail.lua answers it
      (entry, item) => (FAIL_OUTCOMES.has(entry.status) && entry.record.lastError === item.error ? entry.status : undefined),
    );
  }

  async release(queue: string, leases: Lease[]): Promise<SettleOutcome[]> {
    return this.settle(queue, leases, (q, entry, _lease, now) => releaseJob(q, entry, now));
  }

  async waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.state.closed) return;
    await this.state.queueFor(queue).waiters.wait(timeoutMs, signal);
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
    const q = this.state.queueStates.get(queue);
    if (!q) return items.map(() => 'stale');
    const now = this.state.clock.now();
    const events: JobEvent[] = [];
    // the round's placements after every item, as the settle script makes them (GroupRound.batch)
    const outcomes = q.round.batch(now, () =>
      items.map((item): SettleOutcome => {
        const entry = this.state.currentLease(q, item);
        if (!entry) {
          const settled = q.jobs.get(item.id);
          const same = settled && settled.status !== 'running' && settled.record.token === item.token;
          return (same && replayed?.(settled, item)) || 'stale';
        }
        events.push(failIfMalformed(q, entry, now) ?? apply(q, entry, item, now));
        return entry.status;
      }),
    );
    this.state.record(q, events);
    if (outcomes.includes('pending')) q.waiters.wakeAll();
    return outcomes;
  }
}
