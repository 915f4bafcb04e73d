import type { RedisClient } from './redis-connection';
import { Clock } from '../../../domain/clock';
import {
  DEFAULT_GROUP,
  effectiveConcurrency,
  GroupSettingsPatch,
  GroupState,
  nextTokenAt,
  QueueSettings,
  QueueSettingsPatch,
  RateLimit,
  tokensAvailable,
} from '../../../domain/fairness';
import { GroupStore } from '../group-store';
import { pairsToHash } from './redis-job-codec';
import { RedisQueueKeys } from './redis-queue-keys';
import { ScriptName } from './redis-scripts';

type RunScript = (script: ScriptName, queue: string, args: (string | number)[]) => Promise<unknown>;
type Call = <T>(op: () => Promise<T>) => Promise<T>;
type Hash = Record<string, string>;

/** A listing cursor: the last name of the page, marked so the default group's '' is a cursor too. */
const CURSOR_MARK = 'g:';

/**
 * The Redis GroupStore: a queue's settings hash and its groups' hashes, in the queue's slot
 * (includes/groups.lua lists the fields). Changes are scripts (queue-settings.lua,
 * group-update.lua), because they move groups in and out of the round the claim reads; reads are
 * one MULTI of the hashes they show.
 */
export class RedisGroups extends GroupStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: (queue: string) => RedisQueueKeys,
    private readonly run: RunScript,
    private readonly call: Call,
    private readonly clock: Clock,
    private readonly hostConcurrency: number,
  ) {
    super();
  }

  async settings(queue: string): Promise<QueueSettings> {
    const hash = await this.call(() => this.redis.hgetall(this.keys(queue).settings));
    return decodeSettings(queue, hash);
  }

  async updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings> {
    return this.change(queue, [capArg(patch.groupConcurrency), rateArg(patch.rateLimit), '']);
  }

  async setPaused(queue: string, paused: boolean): Promise<QueueSettings> {
    return this.change(queue, ['', '', paused ? '1' : '0']);
  }

  async updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState> {
    const args = [group, capArg(patch.concurrency), rateArg(patch.rateLimit), patch.paused === undefined ? '' : patch.paused ? '1' : '0'];
    const [groupPairs, settingsPairs] = (await this.call(() => this.run('group-update', queue, args))) as [unknown[], unknown[]];
    const settings = pairsToHash(settingsPairs);
    return this.decodeGroup(group, pairsToHash(groupPairs), settings);
  }

  async getGroup(queue: string, group: string): Promise<GroupState> {
    const k = this.keys(queue);
    const replies = results(await this.call(() => readGroup(this.redis.multi().hgetall(k.settings), k, group).exec()));
    const settings = replies.shift() as Hash;
    return this.decodeGroup(group, groupHash(group, settings, replies), settings);
  }

  async list(queue: string, limit: number, cursor?: string): Promise<{ items: GroupState[]; nextCursor: string | null }> {
    const count = Math.max(1, Math.floor(limit));
    const after = cursor?.startsWith(CURSOR_MARK) ? cursor.slice(CURSOR_MARK.length) : undefined;
    const k = this.keys(queue);
    return this.call(async () => {
      const names = await this.redis.zrangebylex(k.groups, after === undefined ? '-' : `(${after}`, '+', 'LIMIT', 0, count + 1);
      const multi = this.redis.multi().hgetall(k.settings);
      if (after === undefined) readGroup(multi, k, DEFAULT_GROUP);
      for (const name of names) readGroup(multi, k, name);
      const replies = results(await multi.exec());
      const settings = replies.shift() as Hash;
      const items: GroupState[] = [];
      if (after === undefined) {
        const hash = groupHash(DEFAULT_GROUP, settings, replies);
        const state = this.decodeGroup(DEFAULT_GROUP, hash, settings);
        if (state.pending > 0 || state.running > 0 || hasSettings(hash)) items.push(state);
      }
      for (const name of names) {
        const hash = groupHash(name, settings, replies);
        // forgotten between the two reads: left out
        if (Object.keys(hash).length > 0) items.push(this.decodeGroup(name, hash, settings));
      }
      const more = names.length > count || items.length > count;
      const page = items.slice(0, count);
      return { items: page, nextCursor: more && page.length > 0 ? CURSOR_MARK + page[page.length - 1].name : null };
    });
  }

  private async change(queue: string, args: string[]): Promise<QueueSettings> {
    const pairs = (await this.call(() => this.run('queue-settings', queue, args))) as unknown[];
    return decodeSettings(queue, pairsToHash(pairs));
  }

  private decodeGroup(name: string, h: Hash, settings: Hash): GroupState {
    const now = this.clock.now();
    const own = h.c === undefined ? null : Number(h.c);
    const cap = effectiveConcurrency(name, own, settings.gc === undefined ? null : Number(settings.gc), this.hostConcurrency);
    const rateLimit = decodeRate(h.rm, h.rp);
    const running = Math.max(0, Number(h.r ?? 0));
    const state: GroupState = {
      name,
      pending: Math.max(0, Number(h.n ?? 0)),
      running,
      paused: h.p === '1',
      concurrency: own,
      effectiveConcurrency: cap,
      rateLimit,
      limitedBy: null,
    };
    const tat = h.tat === undefined ? undefined : Number(h.tat);
    if (state.paused) state.limitedBy = 'paused';
    else if (cap !== null && running >= cap) state.limitedBy = 'concurrency';
    else if (rateLimit && tokensAvailable(tat, rateLimit, now) === 0) {
      state.limitedBy = 'rate';
      state.limitedUntil = nextTokenAt(tat, rateLimit, now);
    }
    return state;
  }
}

type Multi = ReturnType<RedisClient['multi']>;

/**
 * Queues the reads of one group on `multi`: its hash, and for the default group the queue's
 * running and pending counts, which it holds all of while the queue has not turned groups on (its
 * claims then keep no counts: includes/groups.lua). groupHash takes the replies back in order.
 */
function readGroup(multi: Multi, k: RedisQueueKeys, group: string): Multi {
  multi.hgetall(k.group(group));
  if (group === DEFAULT_GROUP) multi.zcard(k.leases).zcard(k.pending).llen(k.pendingFifo).get(k.pendingFifoGone);
  return multi;
}

/** The group's hash from the front of `replies` (readGroup's, taken off), with the counts it holds. */
function groupHash(group: string, settings: Hash, replies: unknown[]): Hash {
  const hash = replies.shift() as Hash;
  if (group !== DEFAULT_GROUP) return hash;
  const [leases, pending, fifo, gone] = replies.splice(0, 4) as [number, number, number, string | null];
  if (settings.g === '1') return hash;
  return { ...hash, n: String(Math.max(0, pending + fifo - Number(gone ?? 0))), r: String(leases) };
}

function hasSettings(h: Hash): boolean {
  return h.c !== undefined || h.rm !== undefined || h.p === '1';
}

function decodeSettings(queue: string, h: Hash): QueueSettings {
  return {
    queue,
    paused: h.p === '1',
    groupConcurrency: h.gc === undefined ? null : Number(h.gc),
    rateLimit: decodeRate(h.rm, h.rp),
  };
}

function decodeRate(max: string | undefined, perMs: string | undefined): RateLimit | null {
  return max === undefined || perMs === undefined ? null : { max: Number(max), perMs: Number(perMs) };
}

function capArg(cap: number | null | undefined): string {
  return cap === undefined ? '' : cap === null ? '-' : String(cap);
}

function rateArg(rate: RateLimit | null | undefined): string {
  return rate === undefined ? '' : rate === null ? '-' : `${rate.max}:${rate.perMs}`;
}

function results(replies: [Error | null, unknown][] | null): unknown[] {
  return (replies ?? []).map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}
