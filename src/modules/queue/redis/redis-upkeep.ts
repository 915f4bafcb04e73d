import { HISTORY_CONSUMER_GROUP } from '../events/redis-job-event-source';
import { EventsTrimResult, QuietAnswer, ReapResult, RetentionPolicy, UpkeepStore } from '../upkeep-store';
import { RedisContext } from './redis-context';

/** Upkeep on Redis: reap.lua, reap-workers.lua, promote.lua, trim.lua and events-trim.lua, each bounded by its limit. */
export class RedisUpkeep extends UpkeepStore {
  constructor(private readonly ctx: RedisContext) {
    super();
  }

  async quiet(queue: string): Promise<QuietAnswer> {
    const [quiet, due] = (await this.ctx.call(() => this.ctx.run('reap-quiet', queue, []))) as [number, string?];
    return Number(quiet) === 1 ? { quiet: true, nextDueAt: due ? Number(due) : null } : { quiet: false };
  }

  async reapExpired(queue: string, limit: number): Promise<ReapResult> {
    const reply = (await this.ctx.call(() => this.ctx.run('reap', queue, [limit, this.ctx.graceMs]))) as string[][];
    if (Number(reply[4]) > 0) this.ctx.rejoinListener?.(queue);
    return reapResult(reply);
  }

  async reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult> {
    if (workerIds.length === 0) return { requeued: [], failed: [], cancelled: [] };
    const now = this.ctx.clock.now();
    const args = [limit, now - silentMs, ...workerIds];
    const reply = (await this.ctx.call(() => this.ctx.run('reap-workers', queue, args, now))) as string[][];
    if (Number(reply[4]) > 0) this.ctx.rejoinListener?.(queue);
    return reapResult(reply);
  }

  async promoteDue(queue: string, limit: number): Promise<number> {
    return this.ctx.call(() => this.ctx.run('promote', queue, [limit])) as Promise<number>;
  }

  async trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number> {
    const args = [limit, retention.succeededMs, retention.failedMs, retention.cancelledMs];
    return this.ctx.call(() => this.ctx.run('trim', queue, args)) as Promise<number>;
  }

  async trimEvents(queue: string, limit: number): Promise<EventsTrimResult> {
    const args = [HISTORY_CONSUMER_GROUP, this.ctx.historyBacklogMaxBytes, Math.max(1, Math.floor(limit))];
    const [scanned, dropped, fromMs, toMs, gapEvents, more] = (await this.ctx.call(() => this.ctx.run('events-trim', queue, args))) as number[];
    return {
      scanned,
      more: more === 1,
      dropped: dropped > 0 ? [{ queue, events: dropped, gap: { fromMs, toMs, events: gapEvents } }] : [],
    };
  }
}

/** reap.lua and reap-workers.lua reply { requeued, failed, malformed, cancelled }. */
function reapResult([requeued, failed, malformed, cancelled]: string[][]): ReapResult {
  const result: ReapResult = { requeued, failed, cancelled: cancelled ?? [] };
  if (malformed && malformed.length > 0) result.malformed = malformed;
  return result;
}
