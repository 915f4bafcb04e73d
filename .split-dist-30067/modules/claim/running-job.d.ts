import { ClaimedJob, Job } from '../../domain/job';
import { Deadline } from './deadline-timer';
import { JobContext } from './job-context';
import { RunSpan } from '../tracing';
/**
 * One job this process holds a lease on, from claim until its outcome is decided. `settled` is
 * the fence inside the process: once set (result, error, timeout, abort or release), anything the
 * handler does later is ignored, so a late result is never recorded after a timeout or a release.
 *
 * The AbortController is made on first use: a handler that never reads its signal (most short
 * jobs) and a job that is never aborted cost no controller, signal or event target.
 */
export declare class RunningJob {
    /** Called once, when the job's slot is free again. */
    readonly onSettled: () => void;
    readonly job: Job;
    readonly token: number;
    deadline: Deadline | undefined;
    settled: boolean;
    /** This attempt's `run` span; tracing off: never set. */
    trace: RunSpan | undefined;
    private controller;
    private abortReason;
    private aborted;
    constructor(claimed: ClaimedJob, 
    /** Called once, when the job's slot is free again. */
    onSettled: () => void);
    get id(): string;
    get queue(): string;
    /** The job's signal; aborted (with the reason given to abort) once the job is aborted. */
    get signal(): AbortSignal;
    abort(reason: unknown): void;
    /** The handler's view. The payload and the signal are made only if the handler asks for them. */
    context(workerId: string): JobContext;
}
