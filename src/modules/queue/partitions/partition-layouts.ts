import { KeptSubscription } from '../../../common/kept-subscription';
import { Clock } from '../../../domain/clock';
import { GroupStore } from '../group-store';
import type { StoreSignal } from '../outbox';
import { LayoutHost } from './partition-host';
import { PartitionLayout } from './partition-layout';

/** Default of layoutRefreshMs. */
export const LAYOUT_REFRESH_MS = 5_000;

/**
 * How often a listing (sweep) reads a known layout again while this instance hears the store's
 * `layout` signals: a change is heard, so this is only the net under a lost one.
 */
export const LAYOUT_SWEEP_MS = 300_000;

/** Default of retireGuardMs. */
export const RETIRE_GUARD_MS = 60_000;

/** Copies of partition 0's settings onto new partitions, while they change under the copy. */
const SETTINGS_COPY_ROUNDS = 5;

/** Tries to record a partition when another instance took the suffix first. */
const ADD_PARTITION_TRIES = 5;

export interface PartitionLayoutsOptions {
  clock: Clock;
  /** The count this instance is configured with for `queue`, or undefined (it reads the fleet's). */
  partitionsOf: (queue: string) => number | undefined;
  /** How often a queue's layout is read again (another instance may have changed the count). */
  refreshMs: number;
  /** How long after the count was lowered a removed partition may be forgotten (once empty). */
  retireGuardMs: number;
  /** The store's signals (Outbox.onSignal): a queue's `layout` says its layout changed elsewhere. */
  signals?: (listener: (signal: StoreSignal) => void) => Promise<() => Promise<void>>;
}

/**
 * What this instance knows of its queues' layouts (partition-layout.ts): loaded on first use,
 * read again every refresh interval (and before a write when older than half the retire guard),
 * grown to the configured count, and shrunk once a partition beyond a lowered count is empty.
 * Also whether each partitioned queue has a rate limit (partition 0's settings, read with the
 * layout), which decides whether its claims are budgeted.
 */
export class PartitionLayouts {
  private readonly layouts = new Map<string, PartitionLayout>();
  private readonly loading = new Map<string, Promise<PartitionLayout>>();
  private readonly rateLimited = new Map<string, boolean>();
  /** Layouts changed elsewhere (a `layout` signal, or signals missed): read again at their next use. */
  private readonly changed = new Set<string>();
  private readonly signals: KeptSubscription | undefined;

  constructor(
    private readonly inner: { readonly partitions: LayoutHost; readonly groups: GroupStore },
    private readonly options: PartitionLayoutsOptions,
  ) {
    const signals = options.signals;
    // while it cannot listen, sweep reads every layout as often as before: nothing is lost
    this.signals = signals ? new KeptSubscription(() => signals((signal) => this.heard(signal)), { onError: () => undefined }) : undefined;
  }

  /** The layout as last read, without reading it (undefined before the first load). */
  known(queue: string): PartitionLayout | undefined {
    return this.layouts.get(queue);
  }

  /** The layout, read when unknown or too old to write by; a refresh runs in the background when due. */
  async get(queue: string): Promise<PartitionLayout> {
    if (this.changed.delete(queue)) return this.reload(queue);
    const known = this.layouts.get(queue);
    if (known) {
      const age = this.options.clock.now() - known.loadedAt;
      // too old to write by (the count may have been lowered, the partition since forgotten)
      if (age >= this.options.retireGuardMs / 2) return this.reload(queue);
      if (age >= this.options.refreshMs) void this.reload(queue).catch(() => undefined);
      return known;
    }
    return this.reload(queue);
  }

  /**
   * The layout as known, for what does not write jobs by it (a worker's registration, whether an
   * idle worker waits on signals): read only when unknown or changed elsewhere (a `layout`
   * signal), or, while this instance cannot hear those, as get() reads it.
   */
  async current(queue: string): Promise<PartitionLayout> {
    const known = this.layouts.get(queue);
    if (!known || this.changed.has(queue) || this.signals?.listening !== true) return this.get(queue);
    return known;
  }

  /**
   * The layouts of a listing of queues (JobAdmin.queues), loaded: an unknown or changed one read
   * now, the others as get() reads them; but while this instance hears the store's `layout`
   * signals, a known one only every LAYOUT_SWEEP_MS. So an idle instance's periodic listings (the
   * reaper's passes) read no layout.
   */
  async sweep(queues: readonly string[]): Promise<void> {
    this.signals?.start();
    const listening = this.signals?.listening === true;
    const now = this.options.clock.now();
    await Promise.all(
      queues.map(async (queue) => {
        const known = this.layouts.get(queue);
        if (!listening || !known || this.changed.has(queue)) await this.get(queue);
        else if (now - known.loadedAt >= LAYOUT_SWEEP_MS) await this.reload(queue);
      }),
    );
  }

  /** Stops listening for the signals (the engine closes). */
  async close(): Promise<void> {
    await this.signals?.stop();
  }

  private heard(signal: StoreSignal): void {
    if (signal.kind === 'layout') this.changed.add(signal.queue);
    else if (signal.kind === 'missed') for (const queue of this.layouts.keys()) this.changed.add(queue);
  }

  /** Reads the layout again now; concurrent calls share one read. */
  reload(queue: string): Promise<PartitionLayout> {
    let loading = this.loading.get(queue);
    if (!loading) {
      loading = this.load(queue).finally(() => this.loading.delete(queue));
      this.loading.set(queue, loading);
    }
    return loading;
  }

  isRateLimited(queue: string): boolean {
    return this.rateLimited.get(queue) === true;
  }

  /** A setting change made the queue's rate limit appear or go (PartitionedGroups). */
  setRateLimited(queue: string, limited: boolean): void {
    this.rateLimited.set(queue, limited);
  }

  /**
   * After the count was lowered: the last partition beyond it, once the guard time has passed and
   * it holds nothing (drained by claims, the reaper and trims like any other), is deleted and
   * forgotten; one a pass, last first, so the names stay contiguous. Costs nothing while no
   * partition is beyond the count.
   */
  async retireRemoved(queue: string): Promise<void> {
    const layout = this.layouts.get(queue);
    const { clock, retireGuardMs } = this.options;
    if (!layout || layout.removed === 0 || clock.now() - layout.since < retireGuardMs) return;
    const last = layout.names.length - 1;
    if (!(await this.inner.partitions.dropPartition(layout.names[last]))) return;
    const stored = await this.inner.partitions.retirePartition(queue, last, retireGuardMs);
    this.layouts.set(queue, PartitionLayout.read(queue, stored, clock.now()));
  }

  /**
   * Reads the layout. The first load of a queue this instance configures sets the fleet's count
   * to its own and records any partition the count needs and the layout lacks (a suffix chosen by
   * the store, so partitions spread over a cluster's masters).
   */
  private async load(queue: string): Promise<PartitionLayout> {
    const now = (): number => this.options.clock.now();
    const configured = this.layouts.has(queue) ? undefined : this.options.partitionsOf(queue);
    let stored = configured === undefined ? await this.inner.partitions.readPartitionLayout(queue) : await this.inner.partitions.setPartitionCount(queue, configured);
    let layout = PartitionLayout.read(queue, stored, now());
    for (let tries = 0; configured !== undefined && layout.names.length < layout.count && tries < ADD_PARTITION_TRIES * layout.count; tries++) {
      const index = layout.names.length;
      stored = await this.inner.partitions.addPartition(queue, index, this.inner.partitions.partitionSuffix(queue, index, layout.suffixes()));
      layout = PartitionLayout.read(queue, stored, now());
    }
    const before = this.layouts.get(queue);
    if (!layout.single) await this.loadSettings(layout, before === undefined || before.names.length < layout.names.length);
    this.layouts.set(queue, layout);
    return layout;
  }

  /**
   * Reads the queue's settings (partition 0's) with its layout: whether claims budget a rate; and
   * when partitions are new to this instance, copies the pause and the groups' default cap to
   * those that lack them (a partition added after the queue was paused would not hold it).
   */
  private async loadSettings(layout: PartitionLayout, copy: boolean): Promise<void> {
    let settings = await this.inner.groups.settings(layout.names[0]);
    this.rateLimited.set(layout.queue, settings.rateLimit !== null);
    if (!copy) return;
    // A pause, resume or cap set through another instance while this copies: it sets partition 0
    // first (PartitionedGroups), so partition 0 read again after the copy shows it, and this copy,
    // which may have overwritten its change of a partition, goes again with it.
    for (let round = 0; round < SETTINGS_COPY_ROUNDS; round++) {
      for (const name of layout.names.slice(1)) {
        const own = await this.inner.groups.settings(name);
        if (own.paused !== settings.paused) await this.inner.groups.setPaused(name, settings.paused);
        if (own.groupConcurrency !== settings.groupConcurrency) await this.inner.groups.updateSettings(name, { groupConcurrency: settings.groupConcurrency });
      }
      const again = await this.inner.groups.settings(layout.names[0]);
      if (again.paused === settings.paused && again.groupConcurrency === settings.groupConcurrency) return;
      settings = again;
    }
  }
}
