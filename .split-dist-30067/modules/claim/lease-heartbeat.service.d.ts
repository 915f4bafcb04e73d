import { Lease } from '../../domain/job';
import { WorkerInfo } from '../../domain/worker-info';
import { WorkerOperations } from '../queue';
import { JobExecutor } from './job-executor';
import { RunningJobs } from './running-jobs';
import { WorkerLogger } from './worker-logger';
export interface LeaseHeartbeatDeps {
    store: WorkerOperations;
    workerId: string;
    queues: readonly string[];
    leaseMs: number;
    running: RunningJobs;
    executor: JobExecutor;
    logger: WorkerLogger;
    /** Ids of the jobs of `queue` this worker holds without running them (results not yet recorded, releases in flight). */
    settlingIds(queue: string): Iterable<string>;
    /** Resolves once the claim of `queue` in flight now, if any, has handed its jobs over or failed. */
    claimSettled(queue: string): Promise<void>;
    /** Gives leases back (release: no attempt spent), retrying while the store is unreachable. */
    release(queue: string, leases: Lease[]): void;
    /** What this worker process publishes about itself each beat (the dashboard's GET /workers). */
    info(): WorkerInfo;
}
/**
 * One beat: publish this worker process's info once (store.workers: one write per beat, whatever
 * the number of queues), and per queue refresh this worker in the registry and renew every lease
 * it holds with ONE store.heartbeat call. A lease reported stale (re-claimed, reaped) or cancel (cancel asked
 * through the API) aborts its job at once. A failed beat is logged and tried again next interval;
 * the lease length leaves room for a few missed beats.
 *
 * Each beat also asks the store which leases it records for this worker that the worker does not
 * hold (one read-only call, idle or not): a claim whose reply was lost on the wire left them, and
 * they are released at once, no attempt spent, instead of waiting for LEASE_MS. A claim in flight
 * when the answer comes is waited for first, so leases it is about to hand over are never taken.
 *
 * Plain class: the Nest interval (LeaseHeartbeatScheduler) only calls beat().
 */
export declare class LeaseHeartbeatService {
    private readonly deps;
    private inFlight;
    private stopped;
    constructor(deps: LeaseHeartbeatDeps);
    /** Overlapping calls share the beat in flight (a slow store never stacks beats). */
    beat(): Promise<void>;
    /** No beat after this resolves, so unregistering the worker is final. */
    stop(): Promise<void>;
    private publish;
    private beatQueue;
    private register;
    private renew;
    private releaseStray;
    private renewHeld;
}
