import { Clock } from '../../domain/clock';
import { JobQueue } from '../queue';

/** What one long poll's claim took: how many jobs, and when work may next be due (ClaimResult's). */
export interface PollClaim {
  taken: number;
  /** The claim took all it asked for and jobs are still pending. */
  full: boolean;
  nextDueAt?: number;
}

/** A long poll waiting for work in one queue. */
interface Waiter {
  /** Claims for this poll; resolves the poll itself when it took jobs (then it returns taken > 0). */
  claim: () => Promise<PollClaim>;
  /** Ends the poll with no job (its time ran out, the client left, or the process stops). */
  expire: () => void;
  /** Ends the poll with its claim's error (the store is unreachable: the client hears 503). */
  fail: (error: unknown) => void;
  until: number;
  done: boolean;
  timer: NodeJS.Timeout;
}

/** The waits of one queue: its waiting polls (oldest first) and the one wait on the store they share. */
interface QueueWaits {
  waiters: Waiter[];
  /** Earliest time a scheduled job or a rate-limit token may let a claim take work (a claim said so). */
  nextDueAt?: number;
  running: boolean;
  /** Ends the store wait early: a poll arrived that must be served now, or the process stops. */
  wake?: AbortController;
}

/** Floor of a wait for work already due: never a tight loop on a clock disagreement (as ClaimLoop). */
const MIN_WAIT_MS = 5;

/** Longest one store wait lasts before the polls claim anyway (a lost wake-up costs at most this). */
const DEFAULT_MAX_IDLE_WAIT_MS = 5_000;

/**
 * The long polls of one API process (POST /queues/:queue/claims with waitMs), shared per queue:
 * however many clients wait on a queue, the process holds one wait on the job store for it
 * (JobQueue.waitForWork: one BLPOP on Redis), and claims only when that wait says work may have
 * come, a due time a claim reported passes, or the idle wait's bound runs out. Then it serves
 * the polls in arrival order, each with its own claim, until a claim finds the queue drained;
 * the others keep waiting. A poll that arrives while others wait joins them without a claim of
 * its own: the queue was found empty since, and any job that came after leaves a wake-up on the
 * store's wake list that the shared wait takes. So idle clients cost the store one wait and one
 * claim per idle bound per queue, whatever their number.
 */
export class SharedWorkWaits {
  private readonly queues = new Map<string, QueueWaits>();
  private stopped = false;

  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly maxIdleWaitMs = DEFAULT_MAX_IDLE_WAIT_MS,
  ) {}

  /** Whether polls already wait on `queue` (so the queue was found empty and no wake-up came since). */
  waiting(queue: string): boolean {
    return (this.queues.get(queue)?.waiters.length ?? 0) > 0;
  }

  /**
   * Waits until `claim` takes jobs (it is called only when work may be there) or `waitMs` passes.
   * `signal` ends the wait early (the client went away). Resolves true when a claim took jobs;
   * rejects with the error of a claim that failed.
   * `nextDueAt`: when the claim the caller just made said work may next be due.
   */
  wait(queue: string, waitMs: number, claim: () => Promise<PollClaim>, signal?: AbortSignal, nextDueAt?: number): Promise<boolean> {
    if (this.stopped || waitMs <= 0 || signal?.aborted) return Promise.resolve(false);
    let state = this.queues.get(queue);
    if (!state) this.queues.set(queue, (state = { waiters: [], running: false }));
    if (nextDueAt !== undefined && (state.nextDueAt === undefined || nextDueAt < state.nextDueAt)) state.nextDueAt = nextDueAt;
    const queueState = state;
    return new Promise<boolean>((resolve, reject) => {
      const waiter: Waiter = {
        claim: async () => {
          const got = await claim();
          if (got.taken > 0) finish(true);
          return got;
        },
        expire: () => finish(false),
        fail: (error) => finish(false, error),
        until: this.clock.now() + waitMs,
        done: false,
        timer: setTimeout(() => finish(false), waitMs),
      };
      const onAbort = (): void => finish(false);
      function finish(took: boolean, error?: unknown): void {
        if (waiter.done) return;
        waiter.done = true;
        clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', onAbort);
        const at = queueState.waiters.indexOf(waiter);
        if (at >= 0) queueState.waiters.splice(at, 1);
        // the last poll left: the store wait has nobody to wake
        if (queueState.waiters.length === 0) queueState.wake?.abort();
        if (error !== undefined) reject(error);
        else resolve(took);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      queueState.waiters.push(waiter);
      // the store wait in progress may last longer than this poll's due time: start afresh
      if (queueState.running && nextDueAt !== undefined) queueState.wake?.abort();
      if (!queueState.running) void this.serve(queue, queueState);
    });
  }

  /** Ends every wait (shutdown): the polls answer with no job. */
  stop(): void {
    this.stopped = true;
    for (const state of this.queues.values()) {
      state.wake?.abort();
      for (const waiter of [...state.waiters]) waiter.expire();
    }
  }

  /** The one store wait of a queue, and the claims of its polls after each wake-up, while polls wait. */
  private async serve(queue: string, state: QueueWaits): Promise<void> {
    state.running = true;
    try {
      while (state.waiters.length > 0 && !this.stopped) {
        const now = this.clock.now();
        // polls past their time end here, not only by their timers: a store that answers without
        // yielding to the event loop (the memory engine) would otherwise keep their timers from firing
        for (const waiter of [...state.waiters]) if (waiter.until <= now) waiter.expire();
        if (state.waiters.length === 0) break;
        // a poll's own deadline does not end the store wait (its timer answers it): with many polls
        // their deadlines would end it often, each time with a claim
        let until = now + this.maxIdleWaitMs;
        if (state.nextDueAt !== undefined) until = Math.min(until, state.nextDueAt);
        state.wake = new AbortController();
        try {
          await this.jobs.waitForWork(queue, Math.max(MIN_WAIT_MS, until - now), state.wake.signal);
        } catch {
          // the store is unreachable: the polls claim, and their claims report the error
        }
        state.wake = undefined;
        state.nextDueAt = undefined;
        await this.claimInTurn(state);
      }
    } finally {
      state.running = false;
      if (state.waiters.length === 0) this.queues.delete(queue);
    }
  }

  /** Claims for the waiting polls, oldest first, until a claim leaves the queue empty. */
  private async claimInTurn(state: QueueWaits): Promise<void> {
    for (const waiter of [...state.waiters]) {
      if (waiter.done) continue;
      let got: PollClaim;
      try {
        got = await waiter.claim();
      } catch (error) {
        // the store is unreachable: this poll answers with the error (503) rather than wait on it
        waiter.fail(error);
        return;
      }
      if (got.nextDueAt !== undefined && (state.nextDueAt === undefined || got.nextDueAt < state.nextDueAt)) state.nextDueAt = got.nextDueAt;
      if (!got.full) return;
    }
  }
}
