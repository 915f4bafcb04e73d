import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../domain/clock';
import { ClaimedJob, DEFAULT_BACKOFF, Job } from '../../domain/job';
import { bucketOf, emptyMinute, minuteOf, STATS_RETENTION_MS } from '../../domain/queue-stats';
import { QueueStatsObserver } from './queue-stats.observer';

const MINUTE_START = Date.UTC(2026, 0, 1, 12, 0, 0);

function job(queue: string, over: Partial<Job> = {}): Job {
  return {
    id: 'j1',
    queue,
    type: 't',
    payload: null,
    status: 'running',
    priority: 0,
    attempts: 1,
    maxAttempts: 3,
    backoff: DEFAULT_BACKOFF,
    timeoutMs: 1000,
    runAt: MINUTE_START,
    createdAt: MINUTE_START,
    updatedAt: MINUTE_START,
    ...over,
  };
}

function claimed(j: Job): ClaimedJob {
  return { job: j, token: 1, leaseExpiresAt: 0 };
}

describe('QueueStatsObserver', () => {
  it('counts outcomes in the step of their settle and times in their buckets, per queue and minute', () => {
    const clock = new ManualClock(MINUTE_START + 25_000);
    const observer = new QueueStatsObserver(clock);
    // runnable at 12:00:00 (runAt later than createdAt: a delayed job), claimed at 12:00:25
    observer.onClaimed([claimed(job('q', { createdAt: MINUTE_START - 5000, startedAt: MINUTE_START + 25_000 }))], clock.now());
    observer.onSettled(job('q'), 'succeeded', 40);
    observer.onSettled(job('q'), 'scheduled', 400);
    observer.onSettled(job('q'), 'failed', 4);
    observer.onSettled(job('q'), 'stale', 4000);
    observer.onSettled(job('q'), 'cancelled', 4);
    clock.advance(40_000); // 12:01:05
    observer.onSettled(job('other'), 'succeeded', 1);

    const taken = observer.take();
    const minute = minuteOf(MINUTE_START);
    const q = emptyMinute();
    q.pickup[bucketOf(25_000)] = 1;
    q.succeeded[2] = 1;
    q.failed[2] = 2;
    q.run[bucketOf(40)] = 1;
    q.run[bucketOf(400)] = 1;
    q.run[bucketOf(4)] = 2;
    expect(taken.get('q')).toEqual(new Map([[minute, q]]));
    const other = emptyMinute();
    other.succeeded[0] = 1;
    other.run[bucketOf(1)] = 1;
    expect(taken.get('other')).toEqual(new Map([[minute + 1, other]]));
    expect(observer.take()).toEqual(new Map());
  });

  it('keeps a delta given back for the next take, less minutes past retention', () => {
    const clock = new ManualClock(MINUTE_START);
    const observer = new QueueStatsObserver(clock);
    observer.onSettled(job('q'), 'succeeded', 10);
    const first = observer.take();
    observer.onSettled(job('q'), 'succeeded', 10);
    observer.giveBack('q', first.get('q')!);
    const old = emptyMinute();
    old.succeeded[0] = 5;
    observer.giveBack('q', new Map([[minuteOf(MINUTE_START - STATS_RETENTION_MS - 60_000), old]]));
    const merged = observer.take().get('q')!;
    expect([...merged.keys()]).toEqual([minuteOf(MINUTE_START)]);
    expect(merged.get(minuteOf(MINUTE_START))!.succeeded[0]).toBe(2);
    expect(merged.get(minuteOf(MINUTE_START))!.run[bucketOf(10)]).toBe(2);
  });
});
