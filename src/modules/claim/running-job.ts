import { ClaimedJob, Job } from '../../domain/job';
import { Deadline } from './deadline-timer';
import { JobContext } from './job-context';

/**
 * One job this process holds a lease on, from claim until its outcome is decided. `settled` is
 * the fence inside the process: once set (result, error, timeout, abort or release), anything the
 * handler does later is ignored, so a late result is never recorded after a timeout or a release.
 */
export class RunningJob {
  readonly controller = new AbortController();
  readonly job: Job;
  readonly token: number;
  deadline: Deadline | undefined;
  settled = false;

  constructor(
    claimed: ClaimedJob,
    /** Called once, when the job's slot is free again. */
    readonly onSettled: () => void,
  ) {
    this.job = claimed.job;
    this.token = claimed.token;
  }

  get id(): string {
    return this.job.id;
  }

  get queue(): string {
    return this.job.queue;
  }

  /** The handler's view. The payload is read only if the handler asks for it. */
  context(workerId: string): JobContext {
    const job = this.job;
    return {
      job,
      get payload(): unknown {
        return job.payload;
      },
      signal: this.controller.signal,
      attempt: job.attempts,
      workerId,
    };
  }
}
