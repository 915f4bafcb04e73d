import { Clock } from '../../../domain/clock';
import { addMinute, emptyMinute, MinuteStats, minuteOf, QueueStatsDelta, STATS_RETENTION_MS, windowMinutes } from '../../../domain/queue-stats';
import { QueueStatsStore } from '../queue-stats-store';

/** QueueStatsStore in process memory: per queue, the minutes kept, forgotten after STATS_RETENTION_MS as Redis expires them. */
export class MemoryQueueStats extends QueueStatsStore {
  private readonly queues = new Map<string, Map<number, MinuteStats>>();

  constructor(private readonly clock: Clock) {
    super();
  }

  async record(queue: string, delta: QueueStatsDelta): Promise<void> {
    let minutes = this.queues.get(queue);
    if (!minutes) this.queues.set(queue, (minutes = new Map()));
    for (const [minute, stats] of delta) {
      let stored = minutes.get(minute);
      if (!stored) minutes.set(minute, (stored = emptyMinute()));
      addMinute(stored, stats);
    }
    this.forgetOld(minutes);
  }

  async read(queue: string, nowMs: number): Promise<Map<number, MinuteStats>> {
    const minutes = this.queues.get(queue);
    const out = new Map<number, MinuteStats>();
    if (!minutes) return out;
    this.forgetOld(minutes);
    for (const minute of windowMinutes(nowMs)) {
      const stats = minutes.get(minute);
      if (stats) out.set(minute, structuredClone(stats));
    }
    return out;
  }

  /** Minutes whose retention has passed, as a Redis minute key expires STATS_RETENTION_MS after its last write. */
  private forgetOld(minutes: Map<number, MinuteStats>): void {
    const oldest = minuteOf(this.clock.now() - STATS_RETENTION_MS);
    for (const minute of minutes.keys()) if (minute < oldest) minutes.delete(minute);
  }
}
