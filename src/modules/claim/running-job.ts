import { ClaimedJob, Job } from '../../domain/job';
import { Deadline } from './deadline-timer';
import { JobContext } from './job-context';
import { RunSpan } from '../tracing';
import { logLineText, progressJson } from '../../domain/job-progress';

/** Where a running job's context sends its handler's reports (ReportBatcher). */
export interface JobReporter {
  progress(queue: string, id: string, token: number, progressJson: string): void;
  log(queue: string, id: string, token: number, line: string): void;
}

const NO_PARENTS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * One job this process holds a lease on, from claim until its outcome is decided. `settled` is
 * the fence inside the process: once set (result, error, timeout, abort or release), anything the
 * handler does later is ignored, so a late result is never recorded after a timeout or a release.
 *
 * The AbortController is made on first use: a handler that never reads its signal (most short
 * jobs) and a job that is never aborted cost no controller, signal or event target.
 */
export class RunningJob {
  readonly job: Job;
  readonly token: number;
  deadline: Deadline | undefined;
  settled = false;
  /** This attempt's `run` span; tracing off: never set. */
  trace: RunSpan | undefined;
  private controller: AbortController | undefined;
  private abortReason: unknown;
  private aborted = false;

  constructor(
    claimed: ClaimedJob,
    /** Called once, when the job's slot is free again. */
    readonly onSettled: () => void,
  ) {
    this.job = claimed.job;
    this.token = claimed.token;
    this.parents = claimed.parents;
  }

  /** A graph job's parents' results by key (ClaimedJob.parents). */
  readonly parents: Readonly<Record<string, unknown>> | undefined;

  get id(): string {
    return this.job.id;
  }

  get queue(): string {
    return this.job.queue;
  }

  /** The job's signal; aborted (with the reason given to abort) once the job is aborted. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }

  /** The handler's view. The payload and the signal are made only if the handler asks for them. */
  context(workerId: string, reporter?: JobReporter): JobContext {
    const job = this.job;
    const signal = (): AbortSignal => this.signal;
    const progress = (value: unknown): void => {
      const checked = progressJson(value);
      if ('error' in checked) throw new RangeError(`progress ${checked.error}`);
      if (!this.settled) reporter?.progress(job.queue, job.id, this.token, checked.json);
    };
    const log = (line: string): void => {
      if (!this.settled) reporter?.log(job.queue, job.id, this.token, logLineText(line));
    };
    return {
      progress,
      log,
      job,
      get payload(): unknown {
        return job.payload;
      },
      get signal(): AbortSignal {
        return signal();
      },
      attempt: job.attempts,
      workerId,
      parents: this.parents ?? NO_PARENTS,
    };
  }
}
