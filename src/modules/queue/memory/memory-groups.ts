import { Clock } from '../../../domain/clock';
import { effectiveConcurrency, GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../../domain/fairness';
import { GroupStore } from '../group-store';
import { MemoryQueue } from './memory-queue';

/** How MemoryGroups and MemoryWorkerDirectory reach the engine's queues: reads never create one, changes do. */
export interface MemoryQueueAccess {
  find(queue: string): MemoryQueue | undefined;
  open(queue: string): MemoryQueue;
}

/** Opaque to callers; the prefix keeps the default group's name ('') from reading as no cursor. */
const CURSOR_PREFIX = 'g:';

/** The memory store's GroupStore: each queue's settings and groups live in its GroupRound. */
export class MemoryGroups extends GroupStore {
  constructor(
    private readonly queues: MemoryQueueAccess,
    private readonly clock: Clock,
    private readonly hostConcurrency: number,
  ) {
    super();
  }

  async settings(queue: string): Promise<QueueSettings> {
    return this.settingsOf(queue, this.queues.find(queue));
  }

  async updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings> {
    const q = this.queues.open(queue);
    q.round.updateSettings(patch, this.clock.now());
    return this.settingsOf(queue, q);
  }

  async setPaused(queue: string, paused: boolean): Promise<QueueSettings> {
    const q = this.queues.open(queue);
    q.round.setPaused(paused);
    return this.settingsOf(queue, q);
  }

  async updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState> {
    const q = this.queues.open(queue);
    const now = this.clock.now();
    q.round.updateGroup(group, patch, now);
    return q.round.state(group, now);
  }

  async getGroup(queue: string, group: string): Promise<GroupState> {
    return this.stateOf(this.queues.find(queue), group);
  }

  async list(queue: string, limit: number, cursor?: string): Promise<{ items: GroupState[]; nextCursor: string | null }> {
    const q = this.queues.find(queue);
    if (!q) return { items: [], nextCursor: null };
    const size = Math.max(1, Math.floor(limit));
    const after = cursor === undefined ? undefined : cursor.startsWith(CURSOR_PREFIX) ? cursor.slice(CURSOR_PREFIX.length) : cursor;
    const names = q.round.names().filter((name) => after === undefined || name > after);
    const page = names.slice(0, size);
    const now = this.clock.now();
    return {
      items: page.map((name) => q.round.state(name, now)),
      nextCursor: names.length > size ? CURSOR_PREFIX + page[page.length - 1] : null,
    };
  }

  private settingsOf(queue: string, q: MemoryQueue | undefined): QueueSettings {
    if (!q) return { queue, paused: false, groupConcurrency: null, rateLimit: null };
    return { queue, ...q.round.settings() };
  }

  private stateOf(q: MemoryQueue | undefined, group: string): GroupState {
    if (q) return q.round.state(group, this.clock.now());
    // a queue never seen: nothing set, no job
    const cap = effectiveConcurrency(group, null, null, this.hostConcurrency);
    return { name: group, pending: 0, running: 0, paused: false, concurrency: null, effectiveConcurrency: cap, rateLimit: null, limitedBy: null };
  }
}
