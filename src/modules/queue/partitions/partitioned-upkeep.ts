import { EventsTrimResult, QuietAnswer, ReapResult, RetentionPolicy, UpkeepStore } from '../upkeep-store';
import { PartitionRouter } from './partition-router';

/** Upkeep of partitioned queues: every partition visited within one budget for the queue (upkeep-budget.ts). */
export class PartitionedUpkeep extends UpkeepStore {
  constructor(private readonly router: PartitionRouter) {
    super();
  }

  private get inner() {
    return this.router.inner.upkeep;
  }

  /** Only a queue of one partition keeps quiet: a partitioned one has stages to settle and partitions to retire, pass after pass. */
  async quiet(queue: string): Promise<QuietAnswer> {
    const layout = await this.router.layout(queue);
    return layout.single ? this.inner.quiet(queue) : { quiet: false };
  }

  /** Also the step that settles stages left by their writer and forgets a removed partition once it is empty (retireRemoved). */
  async reapExpired(queue: string, limit: number): Promise<ReapResult> {
    const result = await this.router.reapEach(queue, limit, false, (partition, budget) => this.inner.reapExpired(partition, budget));
    const layout = this.router.layouts.known(queue);
    if (layout && !layout.single) await this.router.bulk.settle(layout);
    await this.router.layouts.retireRemoved(queue);
    return result;
  }

  /**
   * Partition 0 last: it holds the registry the reaper reads silent workers from, and forgets a
   * worker there only when the budget reached it, so after every other partition ended the
   * worker's leases.
   */
  async reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult> {
    return this.router.reapEach(queue, limit, true, (partition, budget) => this.inner.reapWorkers(partition, workerIds, budget, silentMs));
  }

  async promoteDue(queue: string, limit: number): Promise<number> {
    return this.router.withBudget(queue, limit, async (partition, budget, i) => {
      const promoted = await this.inner.promoteDue(partition, budget);
      if (promoted > 0) await this.router.announce(queue, i);
      return promoted;
    });
  }

  async trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number> {
    return this.router.withBudget(queue, limit, (partition, budget) => this.inner.trimFinished(partition, retention, budget));
  }

  /** Partition after partition within one budget of events looked at; the drops name the queue. */
  async trimEvents(queue: string, limit: number): Promise<EventsTrimResult> {
    const layout = await this.router.layout(queue);
    if (layout.single) return this.inner.trimEvents(queue, limit);
    const results: EventsTrimResult[] = [];
    const used = await this.router.spend(layout, limit, (partition, budget) => this.inner.trimEvents(partition, budget), (r) => r.scanned, results);
    return {
      scanned: used,
      // the budget ran out before every partition was looked at, or one is still over its own
      more: results.some((r) => r.more) || (results.length < layout.names.length && used >= limit),
      dropped: results.flatMap((r) => r.dropped.map((d) => ({ ...d, queue }))),
    };
  }
}
