import type { RedisClient } from './redis-connection';
import { SCHEDULE_RUNS_KEPT, ScheduleDefinition, ScheduleRun, StoredSchedule } from '../../../domain/schedule';
import { ClaimedSchedule, ScheduleSettlement, ScheduleStore } from '../schedule-store';
import { pairsToHash } from './redis-job-codec';
import { RedisQueueKeys } from './redis-queue-keys';
import { ScriptName } from './redis-scripts';

type RunScript = (script: ScriptName, args: (string | number)[]) => Promise<unknown>;
type Call = <T>(op: () => Promise<T>) => Promise<T>;

/**
 * The Redis ScheduleStore: every key in SCHEDULES_KEY_SPACE's slot, every change one script.
 * Hash fields: def (definition JSON), ver, next (epoch ms, '' when ended), p (paused '1'), ct, ut,
 * last (latest run's job id), lt (the last tick a fire dealt with), f/s/m (fired, skipped,
 * missed), tok (the current claim's token, removed by the settle).
 */
export class RedisSchedules extends ScheduleStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisQueueKeys,
    private readonly run: RunScript,
    private readonly call: Call,
  ) {
    super();
  }

  async put(name: string, definition: ScheduleDefinition, nextAt: number | null, paused: boolean): Promise<{ created: boolean; schedule: StoredSchedule }> {
    const [created, pairs] = (await this.call(() =>
      this.run('schedule-put', [name, JSON.stringify(definition), nextAt ?? '', paused ? '1' : '0']),
    )) as [number, unknown[]];
    return { created: created === 1, schedule: decodeSchedule(name, pairsToHash(pairs)) };
  }

  async get(name: string): Promise<StoredSchedule | null> {
    const key = this.keys.schedule(name);
    const [[hashError, hash], [runsError, runs]] = (await this.call(() => this.redis.multi().hgetall(key).lrange(`${key}:runs`, 0, -1).exec())) as [
      [Error | null, Record<string, string>],
      [Error | null, string[]],
    ];
    if (hashError ?? runsError) throw hashError ?? runsError;
    if (Object.keys(hash).length === 0) return null;
    return { ...decodeSchedule(name, hash), runs: runs.map(decodeRun) };
  }

  async list(limit: number, cursor?: string): Promise<{ items: StoredSchedule[]; nextCursor: string | null }> {
    const count = Math.max(1, Math.floor(limit));
    return this.call(async () => {
      const names = await this.redis.zrangebylex(this.keys.scheduleNames, cursor === undefined ? '-' : `(${cursor}`, '+', 'LIMIT', 0, count + 1);
      const page = names.slice(0, count);
      const pipeline = this.redis.pipeline();
      for (const name of page) pipeline.hgetall(this.keys.schedule(name));
      const replies = page.length > 0 ? ((await pipeline.exec()) ?? []) : [];
      const items: StoredSchedule[] = [];
      replies.forEach(([error, hash], i) => {
        if (error) throw error;
        // deleted between the two reads: left out
        if (Object.keys(hash as object).length > 0) items.push(decodeSchedule(page[i], hash as Record<string, string>));
      });
      return { items, nextCursor: names.length > count ? page[page.length - 1] : null };
    });
  }

  async delete(name: string): Promise<boolean> {
    return (await this.call(() => this.run('schedule-delete', [name]))) === 1;
  }

  async setPaused(name: string, paused: boolean, nextAt: number | null): Promise<StoredSchedule | null> {
    const pairs = (await this.call(() => this.run('schedule-pause', [name, paused ? '1' : '0', nextAt ?? '']))) as unknown[] | null;
    return pairs ? decodeSchedule(name, pairsToHash(pairs)) : null;
  }

  async claimDue(max: number, leaseMs: number, aheadMs = 0): Promise<{ claimed: ClaimedSchedule[]; nextDueAt: number | null }> {
    const [claimed, nextDueAt] = (await this.call(() => this.run('schedule-claim', [Math.max(0, Math.floor(max)), leaseMs, aheadMs]))) as [
      [string, number, unknown[]][],
      string | number,
    ];
    return {
      claimed: claimed.map(([name, token, pairs]) => ({ schedule: decodeSchedule(name, pairsToHash(pairs)), token: Number(token) })),
      nextDueAt: Number(nextDueAt) >= 0 ? Number(nextDueAt) : null,
    };
  }

  async settle(items: ScheduleSettlement[]): Promise<('ok' | 'stale')[]> {
    if (items.length === 0) return [];
    const args: (string | number)[] = [items.length];
    for (const item of items) {
      // the list keeps the latest SCHEDULE_RUNS_KEPT: a catch-up of 1,000 sends only those
      const runs = item.runs.slice(-SCHEDULE_RUNS_KEPT);
      args.push(item.name, item.token, item.version, item.nextAt ?? '', item.lastTick ?? '', item.fired, item.skipped, item.missed, runs.length);
      for (const run of runs) args.push(run.fireAt, run.jobId, run.trigger ? '1' : '0');
    }
    return (await this.call(() => this.run('schedule-settle', args))) as ('ok' | 'stale')[];
  }

  async recordRun(name: string, run: ScheduleRun): Promise<boolean> {
    return (await this.call(() => this.run('schedule-record', [name, run.fireAt, run.jobId, run.trigger ? '1' : '0']))) === 1;
  }
}

function decodeSchedule(name: string, h: Record<string, string>): StoredSchedule {
  const schedule: StoredSchedule = {
    name,
    definition: JSON.parse(h.def) as ScheduleDefinition,
    paused: h.p === '1',
    nextAt: h.next === undefined || h.next === '' ? null : Number(h.next),
    version: Number(h.ver),
    createdAt: Number(h.ct),
    updatedAt: Number(h.ut),
    fired: Number(h.f ?? 0),
    skipped: Number(h.s ?? 0),
    missed: Number(h.m ?? 0),
  };
  if (h.last !== undefined) schedule.lastJobId = h.last;
  if (h.lt !== undefined) schedule.lastTick = Number(h.lt);
  return schedule;
}

function decodeRun(entry: string): ScheduleRun {
  const [fireAt, jobId, flag] = entry.split(' ');
  return flag === 't' ? { fireAt: Number(fireAt), jobId, trigger: true } : { fireAt: Number(fireAt), jobId };
}
