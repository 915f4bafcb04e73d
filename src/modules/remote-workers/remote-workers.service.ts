import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { InvalidJobSpecError, JobNotFoundError, PayloadTooLargeError, QueueNotPermittedError, StaleLeaseError } from '../../domain/errors';
import { HTTP_JOB_TYPE } from '../../domain/http-job';
import { ClaimedJob, isFinal, Lease } from '../../domain/job';
import { queueOfJobId } from '../../domain/job-id';
import { MAX_ERROR_CHARS, MAX_ERROR_STACK_CHARS } from '../../domain/job-lifecycle';
import { queueOfPartition } from '../../domain/queue-partition';
import { logLineText, progressJson } from '../../domain/job-progress';
import { WorkerKeyQueues, workerKeyCovers } from '../../domain/worker-key';
import { WORKER_OBSERVER, WorkerObserver } from '../claim';
import { CallbackEnqueuer, errorText, JobQueue, SettleOutcome, WorkerDirectory } from '../queue';
import { ClaimNotes } from './claim-notes';
import { SharedWorkWaits } from './shared-work-waits';
import { RemoteWorkerInfo, WorkerBeats } from './worker-beats';

/** A remote worker as it names itself (docs/remote-workers.md). */
export interface RemoteWorker extends RemoteWorkerInfo {
  id: string;
}

export interface RemoteClaim {
  queue: string;
  worker: RemoteWorker;
  max: number;
  types?: string[];
  waitMs: number;
  /** The worker key's queues (undefined: a write key, or keys are off). */
  scope?: WorkerKeyQueues;
  /** Ends a long poll early: the client went away. */
  signal?: AbortSignal;
}

export interface RemoteHeartbeat {
  workerId: string;
  queues: string[];
  leases: Lease[];
  info: RemoteWorkerInfo;
  /** The worker's last heartbeat: it leaves (see leave). */
  final?: boolean;
  scope?: WorkerKeyQueues;
}

export interface HeartbeatReply {
  cancelled: string[];
  stale: string[];
  leaseExpiresAt: number;
}

/** One result of a settle: complete, fail or release one job. */
export type Settlement =
  | { id: string; token: number; status: 'succeeded'; result?: unknown; traceparent?: string }
  | { id: string; token: number; status: 'failed'; error: string; retryable?: boolean; retryInMs?: number; stack?: string }
  | { id: string; token: number; status: 'released' };

export type SettledStatus = SettleOutcome | 'pending';

/**
 * The routes of workers in other processes and languages (docs/remote-workers.md) over the job
 * engine's ports: claims (with shared long polls), heartbeats that renew every lease a worker
 * holds, and settles checked by fencing token. What an embedded worker does beside its calls to
 * JobQueue is done here for it: it is registered with its queues (so the reaper returns the jobs
 * of one that goes silent) and published for GET /workers; a job of a type it does not run is
 * handed back; a job that ends gets its callback; claims and settles reach the worker metrics.
 */
@Injectable()
export class RemoteWorkersService implements OnApplicationShutdown {
  private readonly logger = new Logger('RemoteWorkers');
  private readonly waits: SharedWorkWaits;
  private readonly beats: WorkerBeats;
  private readonly accepted: ReadonlySet<string>;
  private readonly notes = new ClaimNotes();

  constructor(
    private readonly jobs: JobQueue,
    private readonly workers: WorkerDirectory,
    private readonly callbacks: CallbackEnqueuer,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(WORKER_OBSERVER) private readonly observer?: WorkerObserver,
  ) {
    this.waits = new SharedWorkWaits(jobs, clock, config.workerIdleWaitMs);
    // well inside the margin a live worker has before the reaper takes it for silent
    const flushMs = Math.min(10_000, Math.max(50, Math.floor((config.workerDeadMs - config.heartbeatMs) / 2)));
    this.beats = new WorkerBeats(jobs, workers, this.logger, config.heartbeatMs, flushMs);
    this.accepted = new Set(config.queues);
  }

  async onApplicationShutdown(): Promise<void> {
    this.waits.stop();
    await this.beats.stop();
  }

  get leaseMs(): number {
    return this.config.leaseMs;
  }

  get heartbeatMs(): number {
    return this.config.heartbeatMs;
  }

  /** Claims up to `max` jobs; with waitMs, waits for them as a long poll (SharedWorkWaits). */
  async claim(request: RemoteClaim): Promise<ClaimedJob[]> {
    const { queue, worker, max, scope } = request;
    this.checkQueue(queue, scope, 'queue');
    // its first sight is written at once (the reaper must know it before it holds a lease); then its heartbeats keep it
    if (!this.beats.known(worker.id)) await this.beats.heard({ workerId: worker.id, info: worker, held: new Map([[queue, []]]), at: this.clock.now() });
    const claimed: ClaimedJob[] = [];
    const claimOnce = async (): Promise<{ taken: number; full: boolean; nextDueAt?: number }> => {
      const result = await this.jobs.claim(queue, worker.id, max, this.config.leaseMs);
      const runnable = await this.handBackUnrun(queue, worker.id, result.jobs, request.types);
      claimed.push(...runnable);
      return { taken: runnable.length, full: result.jobs.length === max && result.more === true, nextDueAt: result.nextDueAt };
    };
    // polls already wait on this queue: it was found empty since, and a new job wakes them all
    if (!this.waits.waiting(queue) || request.waitMs === 0) {
      const first = await claimOnce();
      if (first.taken > 0 || request.waitMs === 0) return this.handOver(claimed, request.signal, queue, worker.id);
      await this.waits.wait(queue, request.waitMs, claimOnce, request.signal, first.nextDueAt);
    } else {
      await this.waits.wait(queue, request.waitMs, claimOnce, request.signal);
    }
    return this.handOver(claimed, request.signal, queue, worker.id);
  }

  /**
   * Renews every lease named (one call per queue that has some) and answers which were cancelled or
   * lost; the worker's registry writes and its look for stray leases go with the next flush of
   * WorkerBeats, with those of every other worker heard meanwhile.
   */
  async heartbeat(request: RemoteHeartbeat): Promise<HeartbeatReply> {
    const { workerId, scope } = request;
    const byQueue = new Map<string, Lease[]>();
    const stale: string[] = [];
    for (const queue of request.queues) {
      this.checkQueue(queue, scope, 'queues');
      byQueue.set(queue, []);
    }
    for (const lease of request.leases) {
      const queue = this.queueOfId(lease.id);
      if (queue === undefined) {
        stale.push(lease.id);
        continue;
      }
      this.checkQueue(queue, scope, 'leases');
      let leases = byQueue.get(queue);
      if (!leases) byQueue.set(queue, (leases = []));
      leases.push(lease);
    }
    const now = this.clock.now();
    const cancelled: string[] = [];
    const held = new Map<string, string[]>();
    await Promise.all(
      [...byQueue].map(async ([queue, leases]) => {
        const outcomes = await this.jobs.heartbeat(queue, leases, this.config.leaseMs);
        const ids: string[] = [];
        outcomes.forEach((outcome, i) => {
          if (outcome === 'stale') return void stale.push(leases[i].id);
          if (outcome === 'cancel') cancelled.push(leases[i].id);
          ids.push(leases[i].id);
        });
        held.set(queue, ids);
      }),
    );
    if (request.final) await this.leave(workerId, held);
    else await this.beats.heard({ workerId, info: request.info, held, at: now });
    return { cancelled, stale, leaseExpiresAt: now + this.config.leaseMs };
  }

  /**
   * A worker's last heartbeat: every lease of its queues it did not name is released now, however
   * recent its claim (a claim its shutdown cut short, whose reply it will never read), and it leaves
   * the registry and GET /workers.
   */
  private async leave(workerId: string, held: ReadonlyMap<string, readonly string[]>): Promise<void> {
    this.beats.forget(workerId);
    await Promise.all(
      [...held].map(async ([queue, heldIds]) => {
        const strays = await this.jobs.strayLeases(queue, [{ workerId, heldIds }]);
        if (strays.length > 0) await this.jobs.release(queue, strays);
        await this.workers.unregister(queue, workerId);
      }),
    );
    await this.workers.remove(workerId);
  }

  /**
   * Settles each item with its token; a stale one answers 'stale' and records nothing. Every item
   * is checked before any is recorded. `field` names an item's fields in errors.
   */
  async settle(items: Settlement[], scope?: WorkerKeyQueues, field: (i: number) => string = (i) => `results.${i}.`): Promise<SettledStatus[]> {
    const statuses: SettledStatus[] = new Array(items.length);
    const groups = new Map<string, { completes: number[]; fails: number[]; releases: number[] }>();
    const results = new Map<number, string | undefined>();
    items.forEach((item, i) => {
      const queue = this.queueOfId(item.id);
      if (queue === undefined) {
        statuses[i] = 'stale';
        return;
      }
      this.checkQueue(queue, scope, `${field(i)}id`);
      if (item.status === 'succeeded') results.set(i, this.resultJson(item.result, `${field(i)}result`));
      let group = groups.get(queue);
      if (!group) groups.set(queue, (group = { completes: [], fails: [], releases: [] }));
      if (item.status === 'succeeded') group.completes.push(i);
      else if (item.status === 'failed') group.fails.push(i);
      else group.releases.push(i);
    });
    await Promise.all(
      [...groups].map(async ([queue, group]) => {
        const complete = group.completes.map((i) => {
          const item = items[i] as Extract<Settlement, { status: 'succeeded' }>;
          return { id: item.id, token: item.token, resultJson: results.get(i), runTraceparent: item.traceparent };
        });
        const fail = group.fails.map((i) => {
          const item = items[i] as Extract<Settlement, { status: 'failed' }>;
          return {
            id: item.id,
            token: item.token,
            error: item.error.slice(0, MAX_ERROR_CHARS),
            retryable: item.retryable ?? true,
            retryDelayMs: item.retryInMs,
            stack: item.stack?.slice(0, MAX_ERROR_STACK_CHARS),
          };
        });
        const release = group.releases.map((i) => ({ id: items[i].id, token: items[i].token }));
        const [completed, failed, released] = await Promise.all([this.jobs.complete(queue, complete), this.jobs.fail(queue, fail), this.jobs.release(queue, release)]);
        group.completes.forEach((i, k) => (statuses[i] = completed[k]));
        group.fails.forEach((i, k) => (statuses[i] = failed[k]));
        // a release that took answers the job's new status, pending
        group.releases.forEach((i, k) => (statuses[i] = released[k] === 'stale' ? 'stale' : 'pending'));
      }),
    );
    items.forEach((item, i) => this.settled(item.id, statuses[i]));
    return statuses;
  }

  /** One job's settle; a stale token is a 409 here (StaleLeaseError). */
  /**
   * A running job's progress and log lines under its lease's token (JobQueue.report); 409 stale
   * when the token is not current, 400 naming `progress` when it is not one (job-progress.ts).
   */
  async report(id: string, token: number, progress: unknown, lines: string[] | undefined, scope?: WorkerKeyQueues): Promise<void> {
    const queue = this.queueOfId(id);
    if (queue === undefined) throw new JobNotFoundError(id);
    this.checkQueue(queue, scope, 'id');
    let json: string | undefined;
    if (progress !== undefined) {
      const checked = progressJson(progress);
      if ('error' in checked) throw new InvalidJobSpecError('progress', checked.error);
      json = checked.json;
    }
    const [outcome] = await this.jobs.report(queue, [{ id, token, progressJson: json, lines: lines?.map(logLineText) }], this.config.jobLogLines);
    if (outcome === 'stale') throw new StaleLeaseError(id);
  }

  async settleOne(item: Settlement, scope?: WorkerKeyQueues): Promise<SettledStatus> {
    if (this.queueOfId(item.id) === undefined) throw new JobNotFoundError(item.id);
    const [status] = await this.settle([item], scope, () => '');
    if (status === 'stale') throw new StaleLeaseError(item.id);
    return status;
  }

  /** The jobs of a claim go to the client; when it went away meanwhile, they go straight back. */
  private handOver(claimed: ClaimedJob[], signal: AbortSignal | undefined, queue: string, workerId: string): ClaimedJob[] {
    if (claimed.length === 0) return claimed;
    if (signal?.aborted) {
      void this.jobs.release(queue, claimed.map(({ job, token }) => ({ id: job.id, token }))).catch((err: unknown) => {
        this.logger.warn({ msg: 'releasing the jobs of a long poll whose client left failed; they return when its worker goes silent', queue, error: errorText(err) });
      });
      return [];
    }
    const now = this.clock.now();
    this.observer?.onClaimed(claimed, now);
    for (const claim of claimed) this.notes.add(claim.job);
    this.beats.handedOut(workerId, queue, now);
    return claimed;
  }

  /** Jobs of types the worker does not run go back, as an embedded worker without the handler hands them back. */
  private async handBackUnrun(queue: string, workerId: string, claimed: ClaimedJob[], types: string[] | undefined): Promise<ClaimedJob[]> {
    const runs = (type: string): boolean => (types === undefined ? type !== HTTP_JOB_TYPE : types.includes(type));
    if (claimed.every(({ job }) => runs(job.type))) return claimed;
    const runnable: ClaimedJob[] = [];
    const back: { id: string; token: number; error: string; retryable: boolean }[] = [];
    for (const claim of claimed) {
      if (runs(claim.job.type)) runnable.push(claim);
      else back.push({ id: claim.job.id, token: claim.token, error: `no handler for type ${claim.job.type} in worker ${workerId}`, retryable: true });
    }
    await this.jobs.fail(queue, back);
    return runnable;
  }

  private settled(id: string, status: SettledStatus): void {
    const note = this.notes.take(id);
    if (status === 'stale' || status === 'pending') return;
    if (note !== undefined) this.observer?.onSettled(note, status, this.clock.now() - (note.startedAt ?? this.clock.now()));
    // the process that handed the job out knows whether it has a callback; another one asks the store
    if (isFinal(status) && (note === undefined || note.callbackUrl !== undefined)) this.callbacks.jobEnded(id);
  }

  private resultJson(result: unknown, field: string): string | undefined {
    if (result === undefined || result === null) return undefined;
    const json = JSON.stringify(result);
    const size = Buffer.byteLength(json, 'utf8');
    if (size > this.config.maxPayloadBytes) throw new PayloadTooLargeError(field, size, this.config.maxPayloadBytes);
    return json;
  }

  private queueOfId(id: string): string | undefined {
    const partition = queueOfJobId(id);
    return partition === undefined ? undefined : queueOfPartition(partition);
  }

  private checkQueue(queue: string, scope: WorkerKeyQueues | undefined, field: string): void {
    if (!this.accepted.has(queue)) throw new InvalidJobSpecError(field, `must be one of the queues this service serves (QUEUES): ${[...this.accepted].join(', ')}`);
    if (scope !== undefined && !workerKeyCovers(scope, queue)) throw new QueueNotPermittedError(queue);
  }
}
