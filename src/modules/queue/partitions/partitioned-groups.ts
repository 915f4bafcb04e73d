import { DEFAULT_GROUP, GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../../domain/fairness';
import { keyHome } from '../../../domain/queue-partition';
import { GroupStore } from '../group-store';
import { PartitionLayout } from './partition-layout';

/** How PartitionedGroups reaches the partitions: the store under them, and a queue's layout. */
export interface PartitionedGroupsHost {
  readonly inner: GroupStore;
  layout(queue: string): Promise<PartitionLayout>;
  /** Told when a queue's rate limit was set or cleared here, so the claims budget it at once. */
  rateChanged(queue: string, limited: boolean): void;
  /** Told when a change may have made jobs claimable (a resume, a raised cap, a new rate): workers are woken. */
  changed(queue: string): Promise<void>;
}

/**
 * The GroupStore of partitioned queues (src/domain/fairness.ts; docs/architecture.md, "Fairness"):
 * - A named group lives in one partition, the one its name hashes to (jump hash, as idempotency
 *   keys): its jobs go there (PartitionedJobQueue.enqueue), so its round, cap and rate are exact.
 * - The queue's settings live in partition 0, which claims read for the queue's rate
 *   (takeRateTokens); pause and the groups' default cap are written to every partition, whose own
 *   claims hold them (PartitionLayouts copies them to partitions added later).
 * - The default group's jobs spread over the partitions: its settings are written to each, so its
 *   cap and rate hold per partition; its state read back sums the partitions' jobs.
 * A queue of one partition goes straight to the store under it.
 */
export class PartitionedGroups extends GroupStore {
  constructor(private readonly host: PartitionedGroupsHost) {
    super();
  }

  async settings(queue: string): Promise<QueueSettings> {
    const layout = await this.host.layout(queue);
    return { ...(await this.host.inner.settings(layout.names[0])), queue };
  }

  async updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings> {
    const layout = await this.host.layout(queue);
    if (layout.single) return this.host.inner.updateSettings(queue, patch);
    // partition 0 first: an instance copying its settings onto partitions new to it reads it again
    // after its copy (PartitionLayouts.loadSettings), so a change made meanwhile reaches them too
    const settings = await this.host.inner.updateSettings(layout.names[0], patch);
    if (patch.groupConcurrency !== undefined) {
      for (const name of layout.names.slice(1)) await this.host.inner.updateSettings(name, { groupConcurrency: patch.groupConcurrency });
    }
    if (patch.rateLimit !== undefined) this.host.rateChanged(queue, patch.rateLimit !== null);
    await this.host.changed(queue);
    return { ...settings, queue };
  }

  async setPaused(queue: string, paused: boolean): Promise<QueueSettings> {
    const layout = await this.host.layout(queue);
    if (layout.single) return this.host.inner.setPaused(queue, paused);
    // partition 0 first: an instance copying the pause onto partitions new to it reads partition 0
    // again after its copy (PartitionLayouts.loadSettings), so a pause or resume made meanwhile
    // reaches them too (it copied the state before, then sees the change and copies again)
    const settings = await this.host.inner.setPaused(layout.names[0], paused);
    for (const name of layout.names.slice(1)) await this.host.inner.setPaused(name, paused);
    if (!paused) await this.host.changed(queue);
    return { ...settings, queue };
  }

  async updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState> {
    const layout = await this.host.layout(queue);
    if (layout.single) return this.host.inner.updateGroup(queue, group, patch);
    let state: GroupState;
    if (group === DEFAULT_GROUP) {
      const states: GroupState[] = [];
      for (const name of layout.names) states.push(await this.host.inner.updateGroup(name, group, patch));
      state = merged(states);
    } else {
      state = await this.host.inner.updateGroup(layout.names[homeOf(group, layout)], group, patch);
    }
    await this.host.changed(queue);
    return state;
  }

  async getGroup(queue: string, group: string): Promise<GroupState> {
    const layout = await this.host.layout(queue);
    if (layout.single) return this.host.inner.getGroup(queue, group);
    const homes = group === DEFAULT_GROUP ? layout.names.map((_, i) => i) : homesOf(group, layout);
    return merged(await Promise.all(homes.map((i) => this.host.inner.getGroup(layout.names[i], group))));
  }

  /**
   * Every partition's groups merged by name: each partition lists its groups from the cursor on,
   * and a page takes the first `limit` names of all of them (a group found in two partitions, its
   * old and new home after the count changed, is shown once with both counts).
   */
  async list(queue: string, limit: number, cursor?: string): Promise<{ items: GroupState[]; nextCursor: string | null }> {
    const layout = await this.host.layout(queue);
    if (layout.single) return this.host.inner.list(queue, limit, cursor);
    const count = Math.max(1, Math.floor(limit));
    const pages = await Promise.all(layout.names.map((name) => this.host.inner.list(name, count + 1, cursor)));
    const byName = new Map<string, GroupState[]>();
    for (const page of pages) {
      for (const state of page.items) byName.set(state.name, [...(byName.get(state.name) ?? []), state]);
    }
    // a partition whose page was full may hold names after its last one that sort before another's
    const bound = pages
      .filter((page) => page.nextCursor !== null)
      .map((page) => page.items[page.items.length - 1].name)
      .sort()[0];
    const names = [...byName.keys()].filter((name) => bound === undefined || name <= bound).sort();
    const items = names.slice(0, count).map((name) => merged(byName.get(name)!));
    const more = names.length > count || bound !== undefined;
    return { items, nextCursor: more && items.length > 0 ? cursorAfter(items[items.length - 1].name) : null };
  }
}

/** The partition a named group's jobs and settings live in. */
export function homeOf(group: string, layout: PartitionLayout): number {
  return keyHome(group, layout.writable);
}

/** Where a named group may have jobs: its home, and its homes under the counts before a change. */
function homesOf(group: string, layout: PartitionLayout): number[] {
  const homes = new Set([homeOf(group, layout), ...layout.history.map((count) => keyHome(group, count))]);
  return [...homes].filter((i) => i < layout.names.length);
}

/** A listing cursor for the names after `name`: the stores' own form (RedisGroups, MemoryGroups take it back). */
function cursorAfter(name: string): string {
  return `g:${name}`;
}

/** One group's states in several partitions as one: jobs summed, settings as the first holds them. */
function merged(states: GroupState[]): GroupState {
  const [first, ...rest] = states;
  if (rest.length === 0) return first;
  return {
    ...first,
    pending: states.reduce((n, s) => n + s.pending, 0),
    running: states.reduce((n, s) => n + s.running, 0),
  };
}
