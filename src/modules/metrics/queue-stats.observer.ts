import { Inject, Injectable } from '@nestjs/common';
import { Clock, CLOCK } from '../../domain/clock';
import { ClaimedJob, Job } from '../../domain/job';
import {
  addMinute,
  bucketOf,
  emptyMinute,
  MinuteStats,
  minuteOf,
  QueueStatsDelta,
  STATS_MINUTE_MS,
  STATS_RETENTION_MS,
  STATS_STEP_MS,
} from '../../domain/queue-stats';
import type { WorkerObserver } from '../claim';
import { SettleOutcome } from '../queue';

/** One queue's minutes not yet flushed, and the current one at hand (most calls hit it). */
interface QueueDeltas {
  minutes: QueueStatsDelta;
  minute: number;
  current: MinuteStats;
}

/**
 * The dashboard's stats of this process (src/domain/queue-stats.ts), added up in memory as the
 * worker runtime reports jobs: a few array writes per job, no I/O. QueueStatsFlusher takes the
 * deltas every few seconds and writes them to the store.
 * - succeeded: results the store recorded as succeeded; failed: failed attempts it recorded,
 *   final or to be retried (a stale result, whose lease was lost, counts in neither); each in the
 *   10 s step of the moment the store answered.
 * - pickup: claimed at (startedAt) minus runnable since (max(runAt, createdAt)), as the Prometheus
 *   histogram; run: from claim to the recorded result (also a cancelled or stale-free one).
 */
@Injectable()
export class QueueStatsObserver implements Pick<WorkerObserver, 'onClaimed' | 'onSettled'> {
  private deltas = new Map<string, QueueDeltas>();

  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  onClaimed(jobs: readonly ClaimedJob[], now: number): void {
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i].job;
      const startedAt = job.startedAt ?? now;
      this.minuteOf(job.queue, now).pickup[bucketOf(startedAt - Math.max(job.runAt, job.createdAt))]++;
    }
  }

  onSettled(job: Job, outcome: SettleOutcome, durationMs: number): void {
    if (outcome === 'stale') return;
    const now = this.clock.now();
    const stats = this.minuteOf(job.queue, now);
    const step = Math.floor((now % STATS_MINUTE_MS) / STATS_STEP_MS);
    if (outcome === 'succeeded') stats.succeeded[step]++;
    else if (outcome === 'failed' || outcome === 'scheduled' || outcome === 'pending') stats.failed[step]++;
    stats.run[bucketOf(durationMs)]++;
  }

  /** What was recorded since the last call, per queue; the observer starts afresh. */
  take(): Map<string, QueueStatsDelta> {
    const taken = this.deltas;
    this.deltas = new Map();
    return new Map([...taken].map(([queue, d]) => [queue, d.minutes]));
  }

  /** Puts back a delta the store did not take (it was down), to go with the next flush; minutes past retention are dropped. */
  giveBack(queue: string, delta: QueueStatsDelta): void {
    const oldest = minuteOf(this.clock.now() - STATS_RETENTION_MS);
    for (const [minute, stats] of delta) {
      if (minute < oldest) continue;
      addMinute(this.statsAt(queue, minute), stats);
    }
  }

  private minuteOf(queue: string, now: number): MinuteStats {
    const d = this.deltas.get(queue);
    const minute = minuteOf(now);
    if (d !== undefined && d.minute === minute) return d.current;
    return this.statsAt(queue, minute);
  }

  private statsAt(queue: string, minute: number): MinuteStats {
    let d = this.deltas.get(queue);
    let stats = d?.minutes.get(minute);
    if (!stats) {
      stats = emptyMinute();
      if (!d) this.deltas.set(queue, (d = { minutes: new Map(), minute, current: stats }));
      d.minutes.set(minute, stats);
    }
    if (minute >= d!.minute) {
      d!.minute = minute;
      d!.current = stats;
    }
    return stats;
  }
}
