import { deriveExecutionStatus, ExecutionRecord, isExecutionFinal, moveCount } from '../../../domain/execution';
import { emptyCounts, JobStatus } from '../../../domain/job';
import { ExecutionPosition } from '../execution-list-cursor';

export interface MemoryExecution extends ExecutionRecord {
  /** The execution's job ids, in the order they were given. */
  jobIds: string[];
  idempotencyKey?: string;
}

/**
 * The executions of one queue, as the Redis scripts keep them: counters moved by every job
 * transition (MemoryQueue.insert and place call in), the refresh set of dirty executions, the
 * refreshes in flight (member '<id> <refresherId>' -> claim time, and a count per execution) and
 * the executions acknowledged final (id -> ack time), trimmed after their retention.
 */
export class MemoryExecutions {
  /** The step (a synchronous run of the store) that last bumped each execution's version. */
  private readonly versionSteps = new WeakMap<MemoryExecution, number>();
  private step = 0;
  private stepOpen = false;

  /** The current step: one per synchronous run, closed by the next microtask. */
  private currentStep(): number {
    if (!this.stepOpen) {
      this.stepOpen = true;
      this.step += 1;
      queueMicrotask(() => {
        this.stepOpen = false;
      });
    }
    return this.step;
  }

  readonly byId = new Map<string, MemoryExecution>();
  /** Idempotency key -> execution id, freed when the execution is trimmed. */
  readonly idempotency = new Map<string, string>();
  readonly refresh = new Set<string>();
  /** Told when `refresh` gets an execution while empty (the memory engine's `refresh` signal). */
  dirtied: (() => void) | undefined;
  readonly refreshing = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();
  private readonly done = new Map<string, number>();
  /** Every execution by (createdAt, id) ascending: the listing's index, as exec:all in Redis. */
  private readonly order: ExecutionPosition[] = [];

  constructor(private readonly queue: string) {}

  /** The live execution `key` names, if any. */
  byIdempotencyKey(key: string | undefined): MemoryExecution | undefined {
    const id = key === undefined ? undefined : this.idempotency.get(key);
    return id === undefined ? undefined : this.byId.get(id);
  }

  create(id: string, now: number, callbackUrl?: string, idempotencyKey?: string): MemoryExecution {
    const execution: MemoryExecution = {
      id,
      queue: this.queue,
      total: 0,
      counts: emptyCounts(),
      createdAt: now,
      updatedAt: now,
      version: 0,
      callbackEnqueued: false,
      jobIds: [],
    };
    if (callbackUrl !== undefined) execution.callbackUrl = callbackUrl;
    if (idempotencyKey !== undefined) {
      execution.idempotencyKey = idempotencyKey;
      this.idempotency.set(idempotencyKey, id);
    }
    this.byId.set(id, execution);
    const position = { createdAt: now, id };
    this.order.splice(this.countBefore(position), 0, position);
    return execution;
  }

  /** Up to `limit` executions after `after` (from the newest without it), newest first; `more` when others follow. */
  list(limit: number, after: ExecutionPosition | undefined): { items: MemoryExecution[]; more: boolean } {
    const items: MemoryExecution[] = [];
    for (let i = (after ? this.countBefore(after) : this.order.length) - 1; i >= 0; i--) {
      if (items.length === limit) return { items, more: true };
      const execution = this.byId.get(this.order[i].id);
      if (execution) items.push(execution);
    }
    return { items, more: false };
  }

  /** A new job joins the execution; an execution that is gone (trimmed) is not recreated. */
  addJob(executionId: string, jobId: string, status: JobStatus, now: number): void {
    const execution = this.byId.get(executionId);
    if (!execution) return;
    execution.total += 1;
    execution.jobIds.push(jobId);
    this.move(executionId, undefined, status, now);
  }

  /**
   * One job of the execution changes status: counters move, the execution is dirty. A job of a
   * trimmed execution (a retry) leaves no partial counters behind, as the scripts do.
   */
  move(executionId: string, from: JobStatus | undefined, to: JobStatus, now: number): void {
    if (from === to) return;
    const execution = this.byId.get(executionId);
    if (!execution) return;
    moveCount(execution.counts, from, to);
    // one version per atomic change, as a script call in Redis: every move of one store call
    // (synchronous, so no reader sees between them) shares it
    const step = this.currentStep();
    if (this.versionSteps.get(execution) !== step) {
      this.versionSteps.set(execution, step);
      execution.version += 1;
    }
    execution.updatedAt = now;
    this.markDirty(executionId);
  }

  /** Adds to the refresh set, telling `dirtied` when it was empty (as includes/refresh-mark.lua's markRefresh). */
  markDirty(executionId: string): void {
    if (this.refresh.size === 0) this.dirtied?.();
    this.refresh.add(executionId);
  }

  claim(refresherId: string, max: number, now: number): ExecutionRecord[] {
    const out: ExecutionRecord[] = [];
    for (const id of this.refresh) {
      if (out.length >= max) break;
      this.refresh.delete(id);
      const execution = this.byId.get(id);
      if (!execution) continue;
      const member = `${id} ${refresherId}`;
      if (!this.refreshing.has(member)) this.inFlight.set(id, (this.inFlight.get(id) ?? 0) + 1);
      this.refreshing.set(member, now);
      out.push(toRecord(execution));
    }
    return out;
  }

  ack(refresherId: string, ids: string[], callbacksEnqueued: string[], now: number): void {
    for (const id of callbacksEnqueued) {
      const execution = this.byId.get(id);
      if (execution) execution.callbackEnqueued = true;
    }
    for (const id of ids) {
      if (this.refreshing.delete(`${id} ${refresherId}`)) this.endInFlight(id);
      const execution = this.byId.get(id);
      if (execution && isDone(execution)) this.done.set(id, now);
    }
  }

  requeueStale(cutoff: number, limit: number): number {
    const stale = [...this.refreshing].filter(([, at]) => at < cutoff).sort((a, b) => a[1] - b[1]).slice(0, Math.max(0, limit));
    for (const [member] of stale) {
      const id = member.slice(0, member.indexOf(' '));
      this.refreshing.delete(member);
      this.endInFlight(id);
      this.markDirty(id);
    }
    return stale.length;
  }

  /** trim-executions.lua: done entries acknowledged before `cutoff`, re-checked, at most `limit`. */
  trim(cutoff: number, limit: number): number {
    const due = [...this.done].filter(([, at]) => at < cutoff).sort((a, b) => a[1] - b[1]).slice(0, Math.max(0, limit));
    let deleted = 0;
    for (const [id] of due) {
      this.done.delete(id);
      const execution = this.byId.get(id);
      if (!execution || !isDone(execution) || this.refresh.has(id) || this.inFlight.has(id)) continue;
      this.byId.delete(id);
      const at = this.countBefore(execution);
      if (this.order[at]?.id === id) this.order.splice(at, 1);
      const key = execution.idempotencyKey;
      if (key !== undefined && this.idempotency.get(key) === id) this.idempotency.delete(key);
      deleted++;
    }
    return deleted;
  }

  /** How many executions of the index sort before `p` (ascending): where `p` is, or would go. */
  private countBefore(p: ExecutionPosition): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const e = this.order[mid];
      if (e.createdAt < p.createdAt || (e.createdAt === p.createdAt && e.id < p.id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private endInFlight(id: string): void {
    const n = (this.inFlight.get(id) ?? 0) - 1;
    if (n > 0) this.inFlight.set(id, n);
    else this.inFlight.delete(id);
  }
}

/** Final, and its callback (if any) enqueued: what the ack puts in the done set. */
function isDone(execution: MemoryExecution): boolean {
  const final = isExecutionFinal(deriveExecutionStatus(execution.counts, execution.total));
  return final && (execution.callbackUrl === undefined || execution.callbackEnqueued);
}

export function toRecord(execution: MemoryExecution): ExecutionRecord {
  const { jobIds: _jobIds, idempotencyKey: _key, ...record } = execution;
  return { ...record, counts: { ...execution.counts } };
}
