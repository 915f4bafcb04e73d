import { Lease } from '../../domain/job';
import { WorkerInfo } from '../../domain/worker-info';
import { JobQueue, WorkerDirectory, errorText } from '../queue';
import { JobExecutor } from './job-executor';
import { RunningJobs } from './running-jobs';
import { WorkerLogger } from './worker-logger';

export interface LeaseHeartbeatDeps {
  jobs: JobQueue;
  workers: WorkerDirectory;
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
  /**
   * How many claims of `queue` this worker has sent so far (ClaimLoop.claimsSent). Only a claim
   * can leave a stray lease, so a queue it sent none to since the last answer is not asked again.
   * Default: asked every beat.
   */
  claimsSent?(queue: string): number;
  /** Gives leases back (release: no attempt spent), retrying while the store is unreachable. */
  release(queue: string, leases: Lease[]): void;
  /** What this worker process publishes about itself each beat (the dashboard's GET /workers). */
  info(): WorkerInfo;
}

/** A lease as the store names it: the same job under another claim is another lease. */
const leaseKey = (lease: Lease): string => `${lease.id}:${lease.token}`;

/**
 * One beat: publish this worker process's info once (workers.publish: one write per beat, whatever
 * the number of queues), and per queue refresh this worker in the registry and renew every lease
 * it holds with ONE jobs.heartbeat call. A lease reported stale (re-claimed, reaped) or cancel (cancel asked
 * through the API) aborts its job at once. A failed beat is logged and tried again next interval;
 * the lease length leaves room for a few missed beats.
 *
 * Each beat also asks the store which leases it records for this worker that the worker does not
 * hold (one read-only call): a claim whose reply was lost on the wire left them, and they are
 * released at once, no attempt spent, instead of waiting for LEASE_MS. A claim in flight when the
 * answer comes is waited for first, so leases it is about to hand over are never taken. A queue
 * this worker sent no claim to since the last answer is not asked (an idle worker waiting on the
 * store's signals claims every few minutes at most).
 *
 * Plain class: the Nest interval (LeaseHeartbeatScheduler) only calls beat().
 */
export class LeaseHeartbeatService {
  private inFlight: Promise<void> | undefined;
  private stopped = false;
  /** Per queue, claimsSent when the last stray question was answered and acted on. */
  private readonly strayChecked = new Map<string, number>();

  constructor(private readonly deps: LeaseHeartbeatDeps) {}

  /** Overlapping calls share the beat in flight (a slow store never stacks beats). */
  beat(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.inFlight ??= Promise.all([this.publish(), ...this.deps.queues.map((queue) => this.beatQueue(queue))]).then(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** No beat after this resolves, so unregistering the worker is final. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.inFlight;
  }

  /**
   * A cancel was asked of job `id` (Outbox.onCancelRequested): when this worker runs it, its lease
   * is renewed now, alone, and the answer ('cancel') aborts it, as the next beat would have. The
   * renewal is the store's word, fenced by the token: a notice for a job this worker no longer
   * holds changes nothing.
   */
  async cancelHeard(id: string): Promise<void> {
    if (this.stopped) return;
    const { running, executor, leaseMs, logger, workerId } = this.deps;
    const job = running.find(id);
    if (!job) return;
    let outcome;
    try {
      [outcome] = await this.deps.jobs.heartbeat(job.queue, RunningJobs.leasesOf([job]), leaseMs);
    } catch (err) {
      logger.warn(`worker ${workerId}: renewing the lease of job ${id} on its cancel failed (${errorText(err)}); its next beat will`);
      return;
    }
    if (outcome === 'cancel') executor.abort(job, 'cancelled');
    else if (outcome === 'stale') executor.abort(job, 'lost lease');
  }

  private async publish(): Promise<void> {
    try {
      await this.deps.workers.publish(this.deps.info());
    } catch (err) {
      this.deps.logger.warn(`worker ${this.deps.workerId}: publishing its info failed (${errorText(err)}); retrying next beat`);
    }
  }

  private async beatQueue(queue: string): Promise<void> {
    await Promise.all([this.register(queue), this.renew(queue)]);
  }

  private async register(queue: string): Promise<void> {
    try {
      await this.deps.workers.register(queue, this.deps.workerId);
    } catch (err) {
      this.deps.logger.warn(`worker ${this.deps.workerId}: registry heartbeat for queue ${queue} failed (${errorText(err)})`);
    }
  }

  private async renew(queue: string): Promise<void> {
    await this.renewHeld(queue);
    await this.releaseStray(queue);
  }

  private async releaseStray(queue: string): Promise<void> {
    const sent = this.deps.claimsSent?.(queue);
    if (sent !== undefined && this.strayChecked.get(queue) === sent) return;
    // read before the question: a claim sent while it is out is asked about at the next beat
    const checked = (): void => {
      if (sent !== undefined) this.strayChecked.set(queue, sent);
    };
    const { jobs, workerId, running, logger } = this.deps;
    const held = new Set(this.deps.settlingIds(queue));
    for (const job of running.inQueue(queue)) held.add(job.id);
    let stray: Lease[];
    try {
      stray = await jobs.strayLeases(queue, [{ workerId, heldIds: [...held] }]);
    } catch (err) {
      logger.warn(`worker ${workerId}: asking for stray leases in queue ${queue} failed (${errorText(err)}); retrying next beat`);
      return;
    }
    if (stray.length === 0) return checked();
    await this.deps.claimSettled(queue);
    const known = new Set(this.deps.settlingIds(queue));
    for (const job of running.inQueue(queue)) known.add(job.id);
    const candidates = stray.filter((lease) => !known.has(lease.id));
    if (candidates.length === 0) return checked();
    // A job claimed while the question was out, then run and settled before the claim was awaited,
    // is in neither snapshot, yet its lease is gone by now: ask again, and release only the leases
    // (id and token) stray in both answers. A lost claim reply's leases stay until released.
    let again: Lease[];
    try {
      again = await jobs.strayLeases(queue, [{ workerId, heldIds: [...known] }]);
    } catch (err) {
      logger.warn(`worker ${workerId}: asking again for stray leases in queue ${queue} failed (${errorText(err)}); retrying next beat`);
      return;
    }
    const still = new Set(again.map(leaseKey));
    const unknown = candidates.filter((lease) => still.has(leaseKey(lease)));
    checked();
    if (unknown.length === 0) return;
    logger.warn({
      msg: 'releasing leases this worker never received (a claim reply was lost); no attempt is spent',
      workerId,
      queue,
      jobIds: unknown.map((l) => l.id),
    });
    this.deps.release(queue, unknown);
  }

  private async renewHeld(queue: string): Promise<void> {
    const { workerId, leaseMs, running, executor, logger } = this.deps;
    const jobs = running.inQueue(queue);
    if (jobs.length === 0) return;
    let outcomes;
    try {
      outcomes = await this.deps.jobs.heartbeat(queue, RunningJobs.leasesOf(jobs), leaseMs);
    } catch (err) {
      logger.warn(`worker ${workerId}: renewing ${jobs.length} leases in queue ${queue} failed (${errorText(err)}); retrying next beat`);
      return;
    }
    outcomes.forEach((outcome, i) => {
      if (outcome === 'stale') executor.abort(jobs[i], 'lost lease');
      else if (outcome === 'cancel') executor.abort(jobs[i], 'cancelled');
    });
  }
}
