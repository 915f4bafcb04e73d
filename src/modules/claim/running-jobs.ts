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

  add(job: RunningJob): void {
    let jobs = this.byQueue.get(job.queue);
    if (!jobs) this.byQueue.set(job.queue, (jobs = new Map()));
    jobs.set(job.id, job);
    this.total++;
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
