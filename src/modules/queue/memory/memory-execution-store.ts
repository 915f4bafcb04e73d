import { ExecutionNotFoundError, InvalidJobSpecError } from '../../../domain/errors';
import { deriveExecutionStatus, ExecutionRecord, isExecutionFinal, NewExecution, queueOfExecutionId } from '../../../domain/execution';
import { GraphConflictError } from '../../../domain/job-graph';
import { JobEvent } from '../../../domain/job-event';
import { settleEndedParent } from './memory-graph';
import { NewJob } from '../../../domain/job';
import { decodeExecutionCursor, encodeExecutionCursor } from '../execution-list-cursor';
import { ExecutionPage, ExecutionStore, RefreshBacklog } from '../execution-store';
import { ListPage } from '../job-admin';
import { cancelExecutionJobs, listExecutionJobs, requireExecution } from './memory-execution-ops';
import { toRecord } from './memory-executions';
import { MemoryQueue } from './memory-queue';
import { MemoryState } from './memory-state';

/** The memory engine's ExecutionStore: each queue's executions live in its MemoryExecutions. */
export class MemoryExecutionStore extends ExecutionStore {
  constructor(private readonly state: MemoryState) {
    super();
  }

  async create(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord> {
    if (jobs.some((j) => j.queue !== execution.queue || j.executionId !== execution.id)) {
      throw new InvalidJobSpecError('jobs', `must all be of queue ${execution.queue} and execution ${execution.id}`);
    }
    const q = this.state.queueFor(execution.queue);
    const prior = q.executions.byIdempotencyKey(execution.idempotencyKey);
    if (prior && prior.id !== execution.id) return toRecord(prior);
    this.state.checkEnqueueBatch(q, jobs, true);
    const created = q.executions.create(execution.id, this.state.clock.now(), execution.callbackUrl, execution.idempotencyKey);
    q.executions.markDirty(execution.id);
    // as JobQueue.enqueue: every job is of q (checked above), and an empty batch enqueues nothing
    if (jobs.length > 0) this.state.enqueueInto(q, jobs);
    this.state.usedQueues.add(q.name);
    return toRecord(created);
  }

  async addJobs(id: string, jobs: NewJob[]): Promise<ExecutionRecord> {
    const q = this.executionQueue(id);
    const execution = requireExecution(q, id);
    if (!q) throw new ExecutionNotFoundError(id);
    if (jobs.some((j) => j.queue !== execution.queue || j.executionId !== id)) throw new InvalidJobSpecError('jobs', `must all be of queue ${execution.queue} and execution ${id}`);
    if (isExecutionFinal(deriveExecutionStatus(execution.counts, execution.total))) throw new GraphConflictError(`execution ${id} has ended: jobs cannot be added to it`);
    for (const job of jobs) {
      for (const target of job.graph?.requiredByIds ?? []) {
        const entry = q.jobs.get(target);
        if (entry?.status !== 'blocked') throw new GraphConflictError(`job "${entry?.record.graph?.key ?? target}" is ${entry?.status ?? 'gone'}: it no longer waits, so it cannot wait on a new job`);
      }
    }
    this.state.checkEnqueueBatch(q, jobs, true);
    const now = this.state.clock.now();
    // as add-to-execution.lua: the jobs, then the jobs that wait on them, then the edges from parents that ended
    this.state.enqueueInto(q, jobs);
    const added = new Set(jobs.map((j) => j.id));
    const events: JobEvent[] = [];
    let woke = false;
    for (const job of jobs) {
      const entry = q.jobs.get(job.id);
      for (const target of job.graph?.requiredByIds ?? []) {
        const g = q.jobs.get(target)?.record.graph;
        if (!g) continue;
        g.waitingOn += 1;
        (g.parentIds ??= []).push(job.id);
        (g.dependsOn ??= []).push(job.graph?.key ?? job.id);
        entry?.record.graph?.childIds.push(target);
      }
    }
    for (const job of jobs) {
      const entry = q.jobs.get(job.id);
      for (const pid of job.graph?.parentIds ?? []) {
        const parent = q.jobs.get(pid);
        if (entry && parent && !added.has(pid) && settleEndedParent(q, entry, parent, now, events)) woke = true;
      }
    }
    this.state.record(q, events);
    if (woke) q.waiters.wakeAll();
    return toRecord(execution);
  }

  async get(id: string): Promise<ExecutionRecord | null> {
    const execution = this.executionQueue(id)?.executions.byId.get(id);
    return execution ? toRecord(execution) : null;
  }

  async list(queue: string, limit: number, cursor?: string): Promise<ExecutionPage> {
    const after = decodeExecutionCursor(cursor);
    const count = Math.max(1, Math.floor(limit));
    const page = this.state.queueStates.get(queue)?.executions.list(count, after) ?? { items: [], more: false };
    const last = page.items[page.items.length - 1];
    return { items: page.items.map(toRecord), nextCursor: page.more ? encodeExecutionCursor({ createdAt: last.createdAt, id: last.id }) : null };
  }

  async listJobs(id: string, limit: number, cursor?: string): Promise<ListPage> {
    return listExecutionJobs(this.executionQueue(id), id, limit, cursor);
  }

  async cancel(id: string): Promise<ExecutionRecord> {
    const q = this.executionQueue(id);
    const execution = requireExecution(q, id);
    if (q) {
      // what waits on a job this cancels is cancelled too, whatever its policy (cancel-execution.lua)
      q.graphCancels = true;
      try {
        this.state.record(q, cancelExecutionJobs(q, execution, this.state.clock.now()));
      } finally {
        q.graphCancels = false;
      }
    }
    return toRecord(execution);
  }

  async claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]> {
    return this.state.queueStates.get(queue)?.executions.claim(refresherId, max, this.state.clock.now()) ?? [];
  }

  async ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void> {
    this.state.queueStates.get(queue)?.executions.ack(refresherId, ids, callbacksEnqueued, this.state.clock.now());
  }

  async requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number> {
    return this.state.queueStates.get(queue)?.executions.requeueStale(this.state.clock.now() - staleMs, limit) ?? 0;
  }

  async trim(queue: string, retentionMs: number, limit: number): Promise<number> {
    return this.state.queueStates.get(queue)?.executions.trim(this.state.clock.now() - retentionMs, limit) ?? 0;
  }

  async refreshBacklog(queue: string): Promise<RefreshBacklog> {
    const executions = this.state.queueStates.get(queue)?.executions;
    return { backlog: executions?.refresh.size ?? 0, inFlight: executions?.refreshing.size ?? 0 };
  }

  private executionQueue(id: string): MemoryQueue | undefined {
    const queue = queueOfExecutionId(id);
    return queue === undefined ? undefined : this.state.queueStates.get(queue);
  }
}
