import type { RedisClient } from './redis-connection';
import { emptyMinute, MinuteStats, QueueStatsDelta, STATS_RETENTION_MS, windowMinutes } from '../../../domain/queue-stats';
import { QueueStatsStore } from '../queue-stats-store';
import { RedisQueueKeys } from './redis-queue-keys';

type Call = <T>(op: () => Promise<T>) => Promise<T>;

/** The hash field of each part of a minute: `s:<step>` `f:<step>` `p:<bucket>` `r:<bucket>`. */
const FIELDS = [
  ['s', 'succeeded'],
  ['f', 'failed'],
  ['p', 'pickup'],
  ['r', 'run'],
] as const satisfies readonly (readonly [string, keyof MinuteStats])[];
const PART_OF = new Map<string, keyof MinuteStats>(FIELDS);
const RETENTION_S = Math.ceil(STATS_RETENTION_MS / 1000);

/**
 * QueueStatsStore on Redis: one hash per queue and minute, `<prefix>:{<queue>}:stats:<minute>`,
 * in the queue's slot, expiring STATS_RETENTION_MS after its last write. A delta is one pipeline
 * (HINCRBY per non-zero field, EXPIRE per minute); a read is one pipeline of HGETALL over the
 * window's minutes (at most 16), never a SCAN. Not a script: counters that add up need no atomic
 * step, and a lost flush loses a few seconds of dashboard figures, nothing of the jobs.
 */
export class RedisQueueStats extends QueueStatsStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: (queue: string) => RedisQueueKeys,
    private readonly call: Call,
  ) {
    super();
  }

  async record(queue: string, delta: QueueStatsDelta): Promise<void> {
    const keys = this.keys(queue);
    const pipeline = this.redis.pipeline();
    let commands = 0;
    for (const [minute, stats] of delta) {
      const key = keys.statsMinute(minute);
      let any = false;
      for (const [prefix, part] of FIELDS) {
        const values = stats[part];
        for (let i = 0; i < values.length; i++) {
          if (values[i] === 0) continue;
          pipeline.hincrby(key, `${prefix}:${i}`, values[i]);
          any = true;
          commands++;
        }
      }
      if (any) pipeline.expire(key, RETENTION_S);
    }
    if (commands === 0) return;
    await this.call(async () => {
      const replies = (await pipeline.exec()) ?? [];
      const failed = replies.find(([error]) => error);
      if (failed) throw failed[0];
    });
  }

  async read(queue: string, nowMs: number): Promise<Map<number, MinuteStats>> {
    const keys = this.keys(queue);
    const minutes = windowMinutes(nowMs);
    const pipeline = this.redis.pipeline();
    for (const minute of minutes) pipeline.hgetall(keys.statsMinute(minute));
    const replies = await this.call(async () => (await pipeline.exec()) ?? []);
    const out = new Map<number, MinuteStats>();
    minutes.forEach((minute, i) => {
      const [error, hash] = replies[i] ?? [null, null];
      if (error) throw error;
      const stats = decodeMinute(hash as Record<string, string> | null);
      if (stats) out.set(minute, stats);
    });
    return out;
  }
}

/** A minute's hash; null when empty. Fields of another shape (a later version's) are ignored. */
function decodeMinute(hash: Record<string, string> | null): MinuteStats | null {
  if (!hash) return null;
  const entries = Object.entries(hash);
  if (entries.length === 0) return null;
  const stats = emptyMinute();
  for (const [field, value] of entries) {
    const part = PART_OF.get(field.slice(0, 1));
    const index = Number(field.slice(2));
    const n = Number(value);
    if (!part || field[1] !== ':' || !Number.isInteger(index) || index < 0 || index >= stats[part].length || !Number.isFinite(n)) continue;
    stats[part][index] = n;
  }
  return stats;
}
