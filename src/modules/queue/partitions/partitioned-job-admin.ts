import { Job, JOB_STATUSES, QueueCounts } from '../../../domain/job';
import { queueOfJobId } from '../../../domain/job-id';
import { keyHome, queueOfPartition } from '../../../domain/queue-partition';
import { OldestPending, olderOf } from '../../../domain/queue-stats';
import { JobAdmin, ListPage, ListQuery } from '../job-admin';
import { LogPage } from '../../../domain/job-progress';
import { decodePartitionCursor, encodePartitionCursor, PartitionPosition } from './partition-cursor';
import { named } from './partition-names';
import { PartitionRouter, sum } from './partition-router';

/** Jobs of partitioned queues as the API sees them: ids name their partition, listings and counts visit every partition. */
export class PartitionedJobAdmin extends JobAdmin {
  constructor(private readonly router: PartitionRouter) {
    super();
  }

  private get inner() {
    return this.router.inner.admin;
  }

  /** A job id names its partition: the engine's below reads it there. */
  logs(id: string, from: number, limit: number): Promise<LogPage | null> {
    return this.inner.logs(id, from, limit);
  }

  async get(id: string): Promise<Job | null> {
    const job = await this.inner.get(id);
    return job && named(job);
  }

  async list(query: ListQuery): Promise<ListPage> {
    const layout = await this.router.layout(query.queue);
    if (layout.single) return this.inner.list(query);
    const limit = Math.max(1, Math.floor(query.limit));
    let position: PartitionPosition | undefined = decodePartitionCursor(query.cursor, layout.names.length);
    const items: Job[] = [];
    while (position !== undefined && items.length < limit) {
      const page = await this.inner.list({ ...query, queue: layout.names[position.index], limit: limit - items.length, cursor: position.inner });
      for (const job of page.items) items.push(named(job));
      if (page.nextCursor !== null) position = { index: position.index, inner: page.nextCursor };
      else position = position.index + 1 < layout.names.length ? { index: position.index + 1, inner: undefined } : undefined;
    }
    return { items, nextCursor: position === undefined ? null : encodePartitionCursor(position) };
  }

  /**
   * A key lives in its home under the current count or an earlier one, or (a named group's job)
   * in its group's partition, which the key alone does not tell: every partition's key index is
   * read (one HGET each, at once), and the job found first in that order of homes is the answer.
   */
  async findByIdempotencyKey(queue: string, key: string): Promise<Job | null> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.findByIdempotencyKey(queue, key);
    const homes = [keyHome(key, layout.writable), ...layout.history.map((count) => keyHome(key, count))];
    const order = [...new Set([...homes.filter((i) => i < layout.names.length), ...layout.names.keys()])];
    const found = await Promise.all(order.map((index) => this.inner.findByIdempotencyKey(layout.names[index], key)));
    const job = found.find((j) => j !== null);
    return job ? named(job) : null;
  }

  async cancel(id: string): Promise<Job> {
    return named(await this.inner.cancel(id));
  }

  async retry(id: string): Promise<Job> {
    const job = await this.inner.retry(id);
    const partition = queueOfJobId(id);
    if (job.status === 'pending' && partition !== undefined) await this.router.announcePartition(queueOfPartition(partition), partition);
    return named(job);
  }

  async promote(id: string): Promise<Job> {
    const job = await this.inner.promote(id);
    const partition = queueOfJobId(id);
    if (partition !== undefined) await this.router.announcePartition(queueOfPartition(partition), partition);
    return named(job);
  }

  async counts(queue: string): Promise<QueueCounts> {
    const all = await this.router.each(queue, (partition) => this.inner.counts(partition));
    const counts = {} as QueueCounts;
    for (const status of JOB_STATUSES) counts[status] = sum(all.map((c) => c[status]));
    return counts;
  }

  /** The oldest of the partitions' oldest (the first partition's on a tie). */
  async oldestPending(queue: string): Promise<OldestPending> {
    const all = await this.router.each(queue, (partition) => this.inner.oldestPending(partition));
    return all.reduce(olderOf, { jobId: null, since: null });
  }

  /**
   * Queues, not partitions. Their layouts are loaded on the way, so that what asks for the queues
   * and then for their lanes (the history writer, Outbox.sources) sees every partition.
   */
  async queues(): Promise<string[]> {
    const queues = [...new Set((await this.inner.queues()).map(queueOfPartition))].sort();
    await this.router.layouts.sweep(queues);
    return queues;
  }
}
