import { ReapResult } from '../upkeep-store';
import { PartitionLayout } from './partition-layout';

/**
 * Upkeep (reaps, promotions, trims) of a partitioned queue within one budget for the whole
 * queue: partition after partition, each given what the ones before left, starting one partition
 * further on each call (so a partition with more than the budget cannot hold the others back for
 * good); `rootLast` keeps partition 0 for the end. One command per partition visited, and none once
 * the budget is spent.
 */
export class UpkeepBudget {
  /** Per queue: the partition the next call starts at. */
  private readonly cursor = new Map<string, number>();

  /** Spends up to `limit` over the partitions of `layout`; returns what was used, `results` every call's result. */
  async spend<R>(
    layout: PartitionLayout,
    limit: number,
    rootLast: boolean,
    call: (partition: string, budget: number, index: number) => Promise<R>,
    used: (result: R) => number = (result) => result as unknown as number,
    results: R[] = [],
  ): Promise<number> {
    const size = layout.names.length;
    const start = this.cursor.get(layout.queue) ?? 0;
    this.cursor.set(layout.queue, (start + 1) % size);
    const order = Array.from({ length: size }, (_, step) => (start + step) % size);
    if (rootLast) order.push(...order.splice(order.indexOf(0), 1));
    let left = Math.max(0, Math.floor(limit));
    for (const index of order) {
      if (left <= 0) break;
      const result = await call(layout.names[index], left, index);
      results.push(result);
      left -= used(result);
    }
    return Math.floor(limit) - left;
  }
}

/** What a reap ended, counted against its budget. */
export function reaped(r: ReapResult): number {
  return r.requeued.length + r.failed.length + r.cancelled.length + (r.malformed?.length ?? 0);
}

/** The reaps of several partitions as one. */
export function mergeReaps(results: readonly ReapResult[]): ReapResult {
  const merged: ReapResult = {
    requeued: results.flatMap((r) => r.requeued),
    failed: results.flatMap((r) => r.failed),
    cancelled: results.flatMap((r) => r.cancelled),
  };
  const malformed = results.flatMap((r) => r.malformed ?? []);
  if (malformed.length > 0) merged.malformed = malformed;
  return merged;
}
