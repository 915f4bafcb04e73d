import { Lease } from '../../domain/job';
import { RunningJob } from './running-job';

/** The jobs this process is running, by queue: what the heartbeat renews and shutdown releases. */
export class RunningJobs {
  private readonly byQueue = new Map<string, Map<string, RunningJob>>();
  private total = 0;
  private emptyWaiters: (() => void)[] = [];

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
    jobs.set(job.id, job);
    if (!displaced) this.total++;
    return displaced === job ? undefined : displaced;
  }

  remove(job: RunningJob): void {
    const jobs = this.byQueue.get(job.queue);
    if (jobs?.get(job.id) !== job) return;
    jobs.delete(job.id);
    this.total--;
    if (this.total === 0 && this.emptyWaiters.length > 0) {
      const waiters = this.emptyWaiters;
      this.emptyWaiters = [];
      for (const resolve of waiters) resolve();
    }
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
