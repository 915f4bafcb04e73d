import { ExecutionRecord, NewExecution } from '../../../domain/execution';
import { NewJob } from '../../../domain/job';
import { idTail, queueOfJobId, withPartition } from '../../../domain/job-id';
import { keyHome } from '../../../domain/queue-partition';
import { decodeExecutionCursor, encodeExecutionCursor, executionBefore } from '../execution-list-cursor';
import { ExecutionPage, ExecutionStore, RefreshBacklog } from '../execution-store';
import { ListPage } from '../job-admin';
import { named, namedExecution, placeIn } from './partition-names';
import { groupBy, PartitionRouter, sum } from './partition-router';

/** Executions of partitioned queues: an execution lives in one partition, so its counters change in the same script as its jobs. */
export class PartitionedExecutions extends ExecutionStore {
  constructor(private readonly router: PartitionRouter) {
    super();
  }

  private get inner() {
    return this.router.inner.executions;
  }

  async create(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord> {
    const layout = await this.router.layout(execution.queue);
    if (layout.single) return this.inner.create(execution, jobs);
    const index = keyHome(execution.idempotencyKey ?? idTail(execution.id), layout.writable);
    const partition = layout.names[index];
    const id = withPartition(execution.id, partition);
    // a job whose key names a live job in the key's own partition is left out, as the engine
    // leaves out one whose key it finds in the execution's partition
    const taken = await Promise.all(jobs.map((job) => (job.idempotencyKey === undefined ? null : this.router.liveKeyElsewhere(layout, job.idempotencyKey, index))));
    const record = await this.inner.create(
      { ...execution, id, queue: partition },
      jobs.filter((_, i) => taken[i] === null).map((job) => ({ ...placeIn(job, layout, index), executionId: id })),
    );
    await this.router.announce(execution.queue, index);
    return namedExecution(record);
  }

  /** The jobs go to the execution's partition (its id names it), their ids and edges moved there. */
  async addJobs(id: string, jobs: NewJob[]): Promise<ExecutionRecord> {
    const partition = queueOfJobId(id);
    const queue = jobs[0]?.queue;
    if (partition === undefined || queue === undefined) return this.inner.addJobs(id, jobs);
    const layout = await this.router.layout(queue);
    const index = layout.names.indexOf(partition);
    if (layout.single || index < 0) return this.inner.addJobs(id, jobs);
    const record = await this.inner.addJobs(
      id,
      jobs.map((job) => ({ ...placeIn(job, layout, index), executionId: id })),
    );
    await this.router.announce(queue, index);
    return namedExecution(record);
  }

  async get(id: string): Promise<ExecutionRecord | null> {
    const record = await this.inner.get(id);
    return record && namedExecution(record);
  }

  /**
   * Every partition's page after the same position (execution-list-cursor.ts), merged newest
   * first: the position is one of the global order, so it stays right whichever partition the
   * next execution comes from. One read per partition per page.
   */
  async list(queue: string, limit: number, cursor?: string): Promise<ExecutionPage> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.list(queue, limit, cursor);
    // a cursor no engine returned is refused once, before any partition is read
    decodeExecutionCursor(cursor);
    const count = Math.max(1, Math.floor(limit));
    const pages = await Promise.all(layout.names.map((partition) => this.inner.list(partition, count, cursor)));
    const merged = pages.flatMap((page) => page.items).sort((a, b) => (executionBefore(a, b) ? -1 : executionBefore(b, a) ? 1 : 0));
    const items = merged.slice(0, count).map(namedExecution);
    const more = merged.length > count || pages.some((page) => page.nextCursor !== null);
    const last = merged[items.length - 1];
    return { items, nextCursor: more && last ? encodeExecutionCursor({ createdAt: last.createdAt, id: last.id }) : null };
  }

  async listJobs(id: string, limit: number, cursor?: string): Promise<ListPage> {
    const page = await this.inner.listJobs(id, limit, cursor);
    return { ...page, items: page.items.map(named) };
  }

  async cancel(id: string): Promise<ExecutionRecord> {
    return namedExecution(await this.inner.cancel(id));
  }

  /** Partition by partition until `max` are claimed: one refresh batch stays at most `max`. */
  async claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.claimRefresh(queue, refresherId, max);
    const claimed: ExecutionRecord[] = [];
    for (const partition of layout.names) {
      if (claimed.length >= max) break;
      claimed.push(...(await this.inner.claimRefresh(partition, refresherId, max - claimed.length)).map(namedExecution));
    }
    return claimed;
  }

  async ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.ackRefresh(queue, refresherId, ids, callbacksEnqueued);
    const byPartition = groupBy(ids, (id) => queueOfJobId(id) ?? queue);
    await Promise.all(
      [...byPartition].map(([partition, part]) =>
        this.inner.ackRefresh(partition, refresherId, part, callbacksEnqueued.filter((id) => queueOfJobId(id) === partition)),
      ),
    );
  }

  async requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number> {
    return this.router.withBudget(queue, limit, (partition, budget) => this.inner.requeueStaleRefresh(partition, staleMs, budget));
  }

  async trim(queue: string, retentionMs: number, limit: number): Promise<number> {
    return this.router.withBudget(queue, limit, (partition, budget) => this.inner.trim(partition, retentionMs, budget));
  }

  async refreshBacklog(queue: string): Promise<RefreshBacklog> {
    const all = await this.router.each(queue, (partition) => this.inner.refreshBacklog(partition));
    return { backlog: sum(all.map((b) => b.backlog)), inFlight: sum(all.map((b) => b.inFlight)) };
  }
}
