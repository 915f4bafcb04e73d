import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { queueOfJobId } from '../../domain/job-id';
import { WorkerKeyQueues } from '../../domain/worker-key';
import { KeptSubscription } from '../../common/kept-subscription';
import { CancelRequested, errorText, Outbox } from '../queue';

/** A cancel a remote worker has not been told of yet: its job and the lease it ran under. */
export interface HeardCancel {
  id: string;
  token: number;
}

interface Pending extends HeardCancel {
  heardAt: number;
}

interface Poll {
  /** The worker key's queues (undefined: a write key, or keys are off). */
  scope?: WorkerKeyQueues;
  resolve: (cancels: HeardCancel[]) => void;
}

/** How long a cancel heard for a worker waits for its poll (a worker between polls, or on another API process). */
export const CANCEL_KEPT_MS = 60_000;
/** Cancels kept per worker at most (the oldest dropped): a worker's heartbeat still tells them. */
export const CANCELS_KEPT_PER_WORKER = 1_000;
/** Workers with kept cancels at most (the longest waiting dropped first). */
const WORKERS_KEPT = 10_000;

/**
 * Tells remote workers of the cancels asked of their running jobs as they happen
 * (`GET /workers/:workerId/cancels`, a long poll), so a remote job stops within a second of its
 * cancel instead of at the worker's next heartbeat. The process listens once (Outbox.onCancelRequested:
 * one pub/sub connection on Redis, whatever the number of workers), and keeps each cancel heard,
 * by the worker that ran the job, until one of that worker's polls takes it or CANCEL_KEPT_MS pass:
 * a worker between two polls, or polling another API process (which heard it too), misses nothing
 * within that time. Every API process tells a worker at most once of each cancel; a worker told
 * twice (through two processes) stops the job once. Best effort: the heartbeat stays the fallback.
 */
@Injectable()
export class RemoteCancels implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RemoteCancels');
  /** By worker id, each worker's oldest first; workers in the order of their latest cancel. */
  private readonly kept = new Map<string, Pending[]>();
  private readonly polls = new Map<string, Set<Poll>>();
  private readonly subscription: KeptSubscription;
  private closed = false;

  constructor(@Inject(Outbox) outbox: Outbox) {
    this.subscription = new KeptSubscription(() => outbox.onCancelRequested((cancel) => this.heard(cancel)), {
      onError: (error, retryMs) =>
        this.logger.warn(`listening for cancels failed (${errorText(error)}); trying again in ${retryMs / 1000} s, remote workers hear cancels at their heartbeat meanwhile`),
    });
  }

  onApplicationBootstrap(): void {
    this.subscription.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const polls of this.polls.values()) for (const poll of polls) poll.resolve([]);
    this.polls.clear();
    await this.subscription.stop();
  }

  /** Whether the process hears cancels now (false until subscribed, and after listening failed). */
  get listening(): boolean {
    return this.subscription.listening;
  }

  /**
   * The cancels heard for `workerId`'s jobs (of the queues in `scope`) not told yet: at once when
   * there are some, else the first that comes within `waitMs`, else none. `signal`: the client left.
   */
  wait(workerId: string, waitMs: number, scope?: WorkerKeyQueues, signal?: AbortSignal): Promise<HeardCancel[]> {
    const now = Date.now();
    const ready = this.take(workerId, scope, now);
    if (ready.length > 0 || waitMs <= 0 || this.closed || signal?.aborted) return Promise.resolve(ready);
    return new Promise<HeardCancel[]>((resolve) => {
      let polls = this.polls.get(workerId);
      if (!polls) this.polls.set(workerId, (polls = new Set()));
      const set = polls;
      const end = (cancels: HeardCancel[]): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        set.delete(poll);
        if (set.size === 0 && this.polls.get(workerId) === set) this.polls.delete(workerId);
        resolve(cancels);
      };
      const poll: Poll = { scope, resolve: end };
      const gone = (): void => end([]);
      const timer = setTimeout(gone, waitMs);
      signal?.addEventListener('abort', gone, { once: true });
      set.add(poll);
    });
  }

  /** A cancel heard: kept for its worker, and its worker's waiting polls woken. */
  heard(cancel: CancelRequested, now = Date.now()): void {
    if (cancel.workerId === undefined || cancel.token === undefined) return;
    const entry: Pending = { id: cancel.jobId, token: cancel.token, heardAt: now };
    for (const poll of this.polls.get(cancel.workerId) ?? []) {
      if (inScope(entry.id, poll.scope)) {
        poll.resolve([{ id: entry.id, token: entry.token }]);
        return;
      }
    }
    this.prune(now);
    const list = this.kept.get(cancel.workerId) ?? [];
    // the Map in order of each worker's latest cancel: prune() stops at the first recent one
    this.kept.delete(cancel.workerId);
    if (this.kept.size >= WORKERS_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(cancel.workerId, list);
    list.push(entry);
    if (list.length > CANCELS_KEPT_PER_WORKER) list.shift();
  }

  /** Takes the worker's kept cancels in scope (dropping those past CANCEL_KEPT_MS). */
  private take(workerId: string, scope: WorkerKeyQueues | undefined, now: number): HeardCancel[] {
    const list = this.kept.get(workerId);
    if (!list) return [];
    const out: HeardCancel[] = [];
    const rest: Pending[] = [];
    for (const entry of list) {
      if (now - entry.heardAt > CANCEL_KEPT_MS) continue;
      if (inScope(entry.id, scope)) out.push({ id: entry.id, token: entry.token });
      else rest.push(entry);
    }
    if (rest.length > 0) this.kept.set(workerId, rest);
    else this.kept.delete(workerId);
    return out;
  }

  /** Drops the workers whose every kept cancel is past CANCEL_KEPT_MS (in the order of their latest). */
  private prune(now: number): void {
    for (const [workerId, list] of this.kept) {
      if (now - (list.at(-1)?.heardAt ?? 0) <= CANCEL_KEPT_MS) break;
      this.kept.delete(workerId);
    }
  }
}

function inScope(jobId: string, scope: WorkerKeyQueues | undefined): boolean {
  if (scope === undefined || scope === '*') return true;
  const queue = queueOfJobId(jobId);
  return queue !== undefined && scope.has(queue);
}
