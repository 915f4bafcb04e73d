import { ExecutionRecord, moveCount } from '../../../domain/execution';
import { emptyCounts, JobStatus, QueueCounts } from '../../../domain/job';

export interface MemoryExecution {
  id: string;
  queue: string;
  total: number;
  counts: QueueCounts;
  createdAt: number;
  updatedAt: number;
  version: number;
  callbackUrl?: string;
  callbackEnqueued: boolean;
  /** The execution's job ids, in the order they were given. */
  jobIds: string[];
}

/**
 * The executions of one queue, as the Redis scripts keep them: counters moved by every job
 * transition (MemoryQueue.insert and place call in), the refresh set of dirty executions and the
 * refreshes in flight (member '<id> <refresherId>' -> claim time).
 */
export class MemoryExecutions {
  readonly byId = new Map<string, MemoryExecution>();
  readonly refresh = new Set<string>();
  readonly refreshing = new Map<string, number>();

  constructor(private readonly queue: string) {}

  create(id: string, now: number, callbackUrl?: string): MemoryExecution {
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
    this.byId.set(id, execution);
    return execution;
  }

  /** A new job joins the execution (created on first use, as HINCRBY would). */
  addJob(executionId: string, jobId: string, status: JobStatus, now: number): void {
    const execution = this.byId.get(executionId) ?? this.create(executionId, now);
    execution.total += 1;
    execution.jobIds.push(jobId);
    this.move(executionId, undefined, status, now);
  }

  /** One job of the execution changes status: counters move, the execution is dirty. */
  move(executionId: string, from: JobStatus | undefined, to: JobStatus, now: number): void {
    if (from === to) return;
    const execution = this.byId.get(executionId) ?? this.create(executionId, now);
    moveCount(execution.counts, from, to);
    execution.version += 1;
    execution.updatedAt = now;
    this.refresh.add(executionId);
  }

  claim(refresherId: string, max: number, now: number): ExecutionRecord[] {
    const out: ExecutionRecord[] = [];
    for (const id of this.refresh) {
      if (out.length >= max) break;
      this.refresh.delete(id);
      const execution = this.byId.get(id);
      if (!execution) continue;
      this.refreshing.set(`${id} ${refresherId}`, now);
      out.push(toRecord(execution));
    }
    return out;
  }

  ack(refresherId: string, ids: string[], callbacksEnqueued: string[]): void {
    for (const id of callbacksEnqueued) {
      const execution = this.byId.get(id);
      if (execution) execution.callbackEnqueued = true;
    }
    for (const id of ids) this.refreshing.delete(`${id} ${refresherId}`);
  }

  requeueStale(cutoff: number, limit: number): number {
    const stale = [...this.refreshing].filter(([, at]) => at < cutoff).sort((a, b) => a[1] - b[1]).slice(0, Math.max(0, limit));
    for (const [member] of stale) {
      this.refreshing.delete(member);
      this.refresh.add(member.slice(0, member.indexOf(' ')));
    }
    return stale.length;
  }
}

export function toRecord(execution: MemoryExecution): ExecutionRecord {
  const { jobIds: _jobIds, ...record } = execution;
  return { ...record, counts: { ...execution.counts } };
}
