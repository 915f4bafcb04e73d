import { Clock } from '../../../domain/clock';
import { Job } from '../../../domain/job';
import { queueOfJobId } from '../../../domain/job-id';
import { keyHome } from '../../../domain/queue-partition';
import { JobEngine } from '../job-engine';
import { ReapResult } from '../upkeep-store';
import { PartitionBoard } from './partition-board';
import { LayoutHost, PartitionHost, StagingHost } from './partition-host';
import { PartitionLayout } from './partition-layout';
import { PartitionLayouts } from './partition-layouts';
import { StagedBulk } from './staged-bulk';
import { mergeReaps, reaped, UpkeepBudget } from './upkeep-budget';

/** The engine a partitioned queue lives in: Redis (partitions are Redis's), with what the router drives beyond its ports. */
export interface PartitionableEngine extends JobEngine {
  readonly partitions: PartitionHost & LayoutHost & StagingHost;
}

/**
 * What the partitioned ports share: the engine under the partitions, each queue's layout, the
 * claim boards, the partitions this process touched, the upkeep budget, the two-phase bulks, and
 * the announcements that tell idle workers a partition got work. A queue of one partition goes
 * straight through (each port checks `layout.single`).
 */
export class PartitionRouter {
  private readonly boards = new Map<string, PartitionBoard>();
  /** Per queue: partitions claimed from or heartbeated in since the registry and stray checks last ran. */
  private readonly touched = new Map<string, Set<number>>();
  /** Upkeep within one budget per queue (upkeep-budget.ts). */
  private readonly budget = new UpkeepBudget();
  /** Bulks across partitions, in two phases (staged-bulk.ts). */
  readonly bulk: StagedBulk;

  constructor(
    readonly inner: PartitionableEngine,
    readonly layouts: PartitionLayouts,
    readonly clock: Clock,
    private readonly random: () => number,
  ) {
    this.bulk = new StagedBulk(inner.partitions, clock, (queue, index) => this.announce(queue, index));
  }

  /** The layout of `queue` as this instance knows it, loaded (and for a configured queue, set up) on first use. */
  layout(queue: string): Promise<PartitionLayout> {
    return this.layouts.get(queue);
  }

  board(queue: string, size: number): PartitionBoard {
    let board = this.boards.get(queue);
    if (!board) this.boards.set(queue, (board = new PartitionBoard(this.random, size)));
    return board;
  }

  knownBoard(queue: string): PartitionBoard | undefined {
    return this.boards.get(queue);
  }

  touch(queue: string, index: number): void {
    let touched = this.touched.get(queue);
    if (!touched) this.touched.set(queue, (touched = new Set()));
    touched.add(index);
  }

  /** The partitions touched since the last call (they stay touched for `touchedNow`). */
  takeTouched(queue: string): Set<number> {
    const touched = this.touched.get(queue) ?? new Set<number>();
    this.touched.set(queue, new Set());
    return touched;
  }

  touchedNow(queue: string): number[] {
    return [...(this.touched.get(queue) ?? [])];
  }

  /**
   * This process changed partition `index` (it released, reaped, retried, promoted or committed
   * there, or a setting changed): its own claims look there next; the partition's work, read with
   * its wake count bumped (so it outranks every sight before the change), goes on the board, and a
   * waiting worker is woken when there is work. Partition 0 needs neither: its scripts wake its
   * own list, and the board reads it live. Never throws: the change is made, and a report lost
   * (the engine fails, or this process dies first) costs the sweep's wait.
   */
  async announce(queue: string, index: number): Promise<void> {
    this.boards.get(queue)?.poke(index);
    if (index === 0) return;
    const partition = this.layouts.known(queue)?.names[index];
    if (partition === undefined) return;
    try {
      const work = await this.inner.partitions.partitionWork(partition, true);
      await this.inner.partitions.reportWork(queue, index, work, work.top !== null || work.dueAt !== null);
    } catch {
      // see above: the sweep finds it
    }
  }

  /** A setting changed what may be claimed: every partition of the queue is worth a claim again. */
  async announceAll(queue: string): Promise<void> {
    const layout = this.layouts.known(queue);
    if (!layout || layout.single) return;
    await Promise.all(layout.names.map((_, i) => this.announce(queue, i)));
  }

  async announcePartition(queue: string, partition: string): Promise<void> {
    const index = this.layouts.known(queue)?.indexOf(partition) ?? -1;
    if (index >= 0) await this.announce(queue, index);
  }

  /**
   * The live job `key` names in a partition other than `except`: the key's home now (unless
   * `homeToo` is false) or under an earlier count. One read per such partition.
   */
  async liveKeyElsewhere(layout: PartitionLayout, key: string, except: number, homeToo = true): Promise<Job | null> {
    const homes = new Set(layout.history.map((count) => keyHome(key, count)));
    if (homeToo) homes.add(keyHome(key, layout.writable));
    homes.delete(except);
    for (const index of homes) {
      if (index >= layout.names.length) continue;
      const existing = await this.inner.admin.findByIdempotencyKey(layout.names[index], key);
      if (existing) return existing;
    }
    return null;
  }

  /** Items of a queue's leases grouped by the partition their id names, one call per partition, outcomes in the items' order. */
  async byPartition<T extends { id: string }, R>(queue: string, items: T[], call: (partition: string, part: T[]) => Promise<R[]>): Promise<R[]> {
    const groups = groupBy(items, (item) => queueOfJobId(item.id) ?? queue);
    if (groups.size === 1) {
      const [[partition, part]] = groups;
      return call(partition, part);
    }
    const out: R[] = new Array(items.length);
    const positions = new Map<T, number>();
    items.forEach((item, i) => positions.set(item, i));
    await Promise.all(
      [...groups].map(async ([partition, part]) => {
        const outcomes = await call(partition, part);
        part.forEach((item, k) => (out[positions.get(item)!] = outcomes[k]));
      }),
    );
    return out;
  }

  async each<R>(queue: string, call: (partition: string) => Promise<R>): Promise<R[]> {
    const layout = await this.layout(queue);
    return Promise.all(layout.names.map(call));
  }

  /** A count-returning upkeep step within one budget for the queue (straight through for one partition). */
  async withBudget(queue: string, limit: number, call: (partition: string, budget: number, index: number) => Promise<number>): Promise<number> {
    const layout = await this.layout(queue);
    return layout.single ? call(queue, limit, 0) : this.budget.spend(layout, limit, false, call);
  }

  /** Results of one budget over the partitions, into `results`: how much was used. */
  spend<R>(layout: PartitionLayout, limit: number, call: (partition: string, budget: number) => Promise<R>, used: (r: R) => number, results: R[]): Promise<number> {
    return this.budget.spend(layout, limit, false, call, used, results);
  }

  async reapEach(queue: string, limit: number, rootLast: boolean, call: (partition: string, budget: number) => Promise<ReapResult>): Promise<ReapResult> {
    const layout = await this.layout(queue);
    if (layout.single) return call(queue, limit);
    const results: ReapResult[] = [];
    await this.budget.spend(
      layout,
      limit,
      rootLast,
      async (partition, budget, i) => {
        const result = await call(partition, budget);
        if (result.requeued.length > 0) await this.announce(queue, i);
        return result;
      },
      reaped,
      results,
    );
    return mergeReaps(results);
  }
}

export function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
