import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { isFinal, Job } from '../../domain/job';
import { JobEvent } from '../../domain/job-event';
import { queueOfJobId } from '../../domain/job-id';
import { JobAdmin, JobFeed, Outbox, parseStoredJson } from '../queue';

/** The waits on one store queue: one feed subscription, the waiters by job id, and the watches. */
interface QueueWaits {
  waiters: Map<string, Set<(event: JobEvent) => void>>;
  /** The final events heard while a watch is open, by job id, each with its number (in order). */
  ends: Map<string, { n: number; event: JobEvent }>;
  /** How many final events were heard (the last one's number). */
  heard: number;
  /** The open watches: how many started at each count of events heard. */
  watches: Map<number, number>;
  /** Resolves to the unsubscribe function once the subscription is in place. */
  subscribed: Promise<() => void>;
  /** Set while nothing listens: the subscription ends when it fires (SUBSCRIPTION_LINGER_MS). */
  linger?: NodeJS.Timeout;
}

/**
 * How long a queue's subscription outlives its last wait: the next wait on the queue then finds
 * it in place (a new one costs a connection and a read of the stream's end).
 */
const SUBSCRIPTION_LINGER_MS = 30_000;

/**
 * Ends of a queue's jobs heard from before a write: POST /jobs?waitMs watches the queue, writes the
 * job, then waits on it, so an end that comes before the wait starts is not missed.
 */
export interface JobWatch {
  readonly queue: string;
  /** The final event of job `id` heard since the watch began. */
  endOf(id: string): JobEvent | undefined;
  close(): void;
}

/**
 * Waits for jobs to end (`?waitMs=` on POST /jobs and GET /jobs/:id): one subscription per store
 * queue on this process's live feed (Outbox.feed), whatever the number of waiting requests, and
 * the events dispatched to the waiters by job id, so a wait costs no Redis command of its own
 * beyond reading the job. The job is read after the subscription is in place, so an end before
 * that read shows in it and one after reaches the wait; when the wait runs out the job is read
 * again.
 */
@Injectable()
export class JobWaits implements OnModuleDestroy {
  private feed: JobFeed | undefined;
  private readonly queues = new Map<string, QueueWaits>();
  private closed = false;

  constructor(
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    @Inject(Outbox) private readonly outbox: Outbox,
    private readonly config: AppConfig,
  ) {}

  /**
   * Hears the ends of `queue`'s jobs from now on, for a wait on a job about to be written. A
   * partitioned queue gives a job its partition as it writes it (the store queue a wait listens
   * to is unknown before): undefined, and its wait listens from after the write.
   */
  async watch(queue: string): Promise<JobWatch | undefined> {
    if (this.closed || (this.config.queuePartitions.get(queue) ?? 1) > 1) return undefined;
    const waits = this.waitsOf(queue);
    const from = waits.heard;
    waits.watches.set(from, (waits.watches.get(from) ?? 0) + 1);
    let open = true;
    const close = (): void => {
      if (!open) return;
      open = false;
      const left = (waits.watches.get(from) ?? 1) - 1;
      if (left > 0) waits.watches.set(from, left);
      else waits.watches.delete(from);
      forgetEnds(waits);
      this.release(queue, waits);
    };
    try {
      await waits.subscribed;
    } catch (error) {
      close();
      throw error;
    }
    const endOf = (id: string): JobEvent | undefined => {
      const heard = waits.ends.get(id);
      return heard && heard.n > from ? heard.event : undefined;
    };
    return { queue, endOf, close };
  }

  /**
   * The job once it has ended, or as it stands when `waitMs` has passed (or `signal` aborted: the
   * client left); null when the store does not hold it. `written`: the job as the caller wrote it
   * under `watch`, for a job deleted once it succeeded (SUCCEEDED_RETENTION_MS=0) before it is read.
   */
  async untilEnded(id: string, waitMs: number, options: { signal?: AbortSignal; watch?: JobWatch; written?: Job } = {}): Promise<Job | null> {
    const { signal, watch, written } = options;
    const queue = queueOfJobId(id);
    if (queue === undefined || waitMs <= 0 || this.closed || signal?.aborted) return this.admin.get(id);
    let ending = watch?.queue === queue ? watch.endOf(id) : undefined;
    let wake: () => void = () => undefined;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const onEvent = (event: JobEvent): void => {
      ending = event;
      wake();
    };
    const leave = await this.join(queue, id, onEvent);
    const timer = setTimeout(wake, waitMs);
    signal?.addEventListener('abort', wake, { once: true });
    try {
      // read once listening: an end before this read shows in it, one after reaches onEvent (a
      // job written under a watch needs none: the watch has heard every end since before the write)
      const now = watch?.queue === queue && written ? written : await this.admin.get(id);
      if (!now) return ending && written ? endedAs(written, ending) : null;
      if (isFinal(now.status)) return now;
      // an end heard while that read was on its way may be newer than what it read: read again
      if (!ending) await woken;
      const last = await this.admin.get(id);
      // deleted on success meanwhile: the job as read, ended as its event says
      return last ?? (ending ? endedAs(now, ending) : null);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', wake);
      leave();
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const waits of this.queues.values()) clearTimeout(waits.linger);
    this.queues.clear();
    await this.feed?.close();
  }

  private waitsOf(queue: string): QueueWaits {
    let waits = this.queues.get(queue);
    if (waits?.linger) {
      clearTimeout(waits.linger);
      waits.linger = undefined;
    }
    if (!waits) {
      const created: QueueWaits = { waiters: new Map(), ends: new Map(), heard: 0, watches: new Map(), subscribed: Promise.resolve(() => undefined) };
      created.subscribed = (this.feed ??= this.outbox.feed()).subscribe(queue, (events) => dispatch(created, events));
      // a failed subscription is not kept: the next wait tries again
      created.subscribed.catch(() => {
        if (this.queues.get(queue) === created) this.queues.delete(queue);
      });
      this.queues.set(queue, (waits = created));
    }
    return waits;
  }

  private async join(queue: string, id: string, onEvent: (event: JobEvent) => void): Promise<() => void> {
    const waits = this.waitsOf(queue);
    let set = waits.waiters.get(id);
    if (!set) waits.waiters.set(id, (set = new Set()));
    set.add(onEvent);
    const own = set;
    const leave = (): void => {
      own.delete(onEvent);
      if (own.size === 0 && waits.waiters.get(id) === own) waits.waiters.delete(id);
      this.release(queue, waits);
    };
    try {
      await waits.subscribed;
    } catch (error) {
      leave();
      throw error;
    }
    return leave;
  }

  /** Ends the queue's subscription once nothing has listened to it for SUBSCRIPTION_LINGER_MS. */
  private release(queue: string, waits: QueueWaits): void {
    if (waits.waiters.size > 0 || waits.watches.size > 0 || this.queues.get(queue) !== waits || waits.linger) return;
    waits.linger = setTimeout(() => {
      waits.linger = undefined;
      if (waits.waiters.size > 0 || waits.watches.size > 0 || this.queues.get(queue) !== waits) return;
      this.queues.delete(queue);
      void waits.subscribed.then(
        (unsubscribe) => unsubscribe(),
        () => undefined,
      );
    }, SUBSCRIPTION_LINGER_MS);
    waits.linger.unref();
  }
}

/** Final events to the waits on their job, and kept for the watches (one map, however many watches). */
function dispatch(waits: QueueWaits, events: readonly JobEvent[]): void {
  for (const event of events) {
    if (!isFinal(event.st)) continue;
    const set = waits.waiters.get(event.id);
    if (set) for (const onEvent of [...set]) onEvent(event);
    if (waits.watches.size > 0) {
      waits.heard += 1;
      // re-inserted: the map stays in the order heard, oldest first
      waits.ends.delete(event.id);
      waits.ends.set(event.id, { n: waits.heard, event });
    }
  }
}

/** Drops the ends no open watch can ask for (heard before the oldest open watch began). */
function forgetEnds(waits: QueueWaits): void {
  if (waits.watches.size === 0) {
    waits.ends.clear();
    return;
  }
  const oldest = Math.min(...waits.watches.keys());
  for (const [id, heard] of waits.ends) {
    if (heard.n > oldest) break;
    waits.ends.delete(id);
  }
}

/** A job as read, with what its final event says: the status, attempts, time and outcome. */
function endedAs(job: Job, event: JobEvent): Job {
  const out: Job = { ...job, status: event.st, attempts: event.att, updatedAt: event.at, finishedAt: event.at };
  if (event.st === 'succeeded') out.result = event.res === undefined ? null : parseStoredJson(event.res);
  if (event.err !== undefined) out.lastError = event.err;
  return out;
}
