import { Clock, systemClock } from '../../domain/clock';
import { Lease } from '../../domain/job';
import { RunningJob } from './running-job';

/** Busy time of one queue's slots: slot-milliseconds up to `since`, when the count last changed. */
interface BusyTime {
  slotMs: number;
  since: number;
}

/**
 * The jobs this process is running, by queue: what the heartbeat renews and shutdown releases.
 * It also adds up the time slots spend busy (slot-milliseconds per queue, exact: the running count
 * times the time it held, summed at each change), so utilization over any window is a counter's
 * rate (claimq_worker_busy_slot_seconds_total) instead of a sample of a gauge that misses short jobs.
 */
export class RunningJobs {
  private readonly byQueue = new Map<string, Map<string, RunningJob>>();
  private readonly busyTime = new Map<string, BusyTime>();
  private total = 0;
  private emptyWaiters: (() => void)[] = [];

  constructor(private readonly clock: Clock = systemClock) {}

  get size(): number {
    return this.total;
  }

  count(queue: string): number {
    return this.byQueue.get(queue)?.size ?? 0;
  }

  /**
   * Adds a claimed attempt. One attempt per job id: when the job was claimed again while an older
   * attempt of it still runs here (its lease ran out and this worker won it back), the older one
   * is taken out and returned, for the caller to abort: its token is stale, and left in place it
   * would be counted for ever (its settle no longer finds it) and renewed in place of the new one.
   */
  add(job: RunningJob): RunningJob | undefined {
    let jobs = this.byQueue.get(job.queue);
    if (!jobs) this.byQueue.set(job.queue, (jobs = new Map()));
    const displaced = jobs.get(job.id);
    if (!displaced) this.countChanging(job.queue, jobs.size);
    jobs.set(job.id, job);
    if (!displaced) this.total++;
    return displaced === job ? undefined : displaced;
  }

  remove(job: RunningJob): void {
    const jobs = this.byQueue.get(job.queue);
    if (jobs?.get(job.id) !== job) return;
    this.countChanging(job.queue, jobs.size);
    jobs.delete(job.id);
    this.total--;
    if (this.total === 0 && this.emptyWaiters.length > 0) {
      const waiters = this.emptyWaiters;
      this.emptyWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** Slot-seconds the jobs of `queue` have run here, up to now (never decreasing). */
  busySlotSeconds(queue: string): number {
    const busy = this.busyTime.get(queue);
    if (!busy) return 0;
    return (busy.slotMs + this.count(queue) * Math.max(0, this.clock.now() - busy.since)) / 1000;
  }

  /** Adds the busy time of `running` slots up to now, before the count changes. */
  private countChanging(queue: string, running: number): void {
    const now = this.clock.now();
    const busy = this.busyTime.get(queue);
    if (!busy) this.busyTime.set(queue, { slotMs: 0, since: now });
    else {
      busy.slotMs += running * Math.max(0, now - busy.since);
      busy.since = now;
    }
  }

  /** The attempt of job `id` running here, whatever its queue (a lookup per queue served). */
  find(id: string): RunningJob | undefined {
    for (const jobs of this.byQueue.values()) {
      const job = jobs.get(id);
      if (job) return job;
    }
    return undefined;
  }

  inQueue(queue: string): RunningJob[] {
    return [...(this.byQueue.get(queue)?.values() ?? [])];
  }

  all(): RunningJob[] {
    return [...this.byQueue.values()].flatMap((jobs) => [...jobs.values()]);
  }

  static leasesOf(jobs: RunningJob[]): Lease[] {
    return jobs.map((job) => ({ id: job.id, token: job.token }));
  }

  /** Resolves true when no job is running, or false after timeoutMs. */
  whenEmpty(timeoutMs: number): Promise<boolean> {
    if (this.total === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.emptyWaiters = this.emptyWaiters.filter((w) => w !== done);
        resolve(false);
      }, Math.max(0, timeoutMs));
      this.emptyWaiters.push(done);
    });
  }
}
