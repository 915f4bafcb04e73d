import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { isFinal, Job } from '../../domain/job';
import { JobEvent } from '../../domain/job-event';
import { queueOfJobId } from '../../domain/job-id';
import { FeedBatch, JobAdmin, parseStoredJson } from '../queue';
import { HubSeat, JobEventHub } from './job-event-hub';

/** The watches on one store queue: the final events heard while one is open, by job id, and the watches. */
interface QueueWatches {
  /** The final events heard while a watch is open, by job id, each with its number (in order). */
  ends: Map<string, { n: number; event: JobEvent }>;
  /** How many final events were heard (the last one's number). */
  heard: number;
  /** The open watches: how many started at each count of events heard. */
  watches: Map<number, number>;
  /** The queue's seat on the hub, while a watch is open. */
  seat: Promise<HubSeat>;
}

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
 * Waits for jobs to end (`?waitMs=` on POST /jobs and GET /jobs/:id), on this process's one reader
 * of the live feed (JobEventHub): a wait listens to its job's events by id, so it costs no Redis
 * command of its own beyond reading the job. The job is read after the listener is in place, so an
 * end before that read shows in it and one after reaches the wait; when the wait runs out the job
 * is read again. At shutdown every open wait answers at once, with the job as it stands.
 */
@Injectable()
export class JobWaits implements OnModuleDestroy {
  private readonly watched = new Map<string, QueueWatches>();
  /** Wakes the open waits (shutdown). */
  private readonly open = new Set<() => void>();
  private closed = false;

  constructor(
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    private readonly hub: JobEventHub,
    private readonly config: AppConfig,
  ) {}

  /**
   * Hears the ends of `queue`'s jobs from now on, for a wait on a job about to be written. A
   * partitioned queue gives a job its partition as it writes it (the store queue a wait listens
   * to is unknown before): undefined, and its wait listens from after the write.
   */
  async watch(queue: string): Promise<JobWatch | undefined> {
    if (this.closed || this.hub.closed || (this.config.queuePartitions.get(queue) ?? 1) > 1) return undefined;
    const watches = this.watchesOf(queue);
    const from = watches.heard;
    watches.watches.set(from, (watches.watches.get(from) ?? 0) + 1);
    let open = true;
    const close = (): void => {
      if (!open) return;
      open = false;
      const left = (watches.watches.get(from) ?? 1) - 1;
      if (left > 0) watches.watches.set(from, left);
      else watches.watches.delete(from);
      forgetEnds(watches);
      if (watches.watches.size === 0 && this.watched.get(queue) === watches) {
        this.watched.delete(queue);
        void watches.seat.then(
          (seat) => seat.leave(),
          () => undefined,
        );
      }
    };
    try {
      await watches.seat;
    } catch (error) {
      close();
      throw error;
    }
    const endOf = (id: string): JobEvent | undefined => {
      const heard = watches.ends.get(id);
      return heard && heard.n > from ? heard.event : undefined;
    };
    return { queue, endOf, close };
  }

  /**
   * The job once it has ended, or as it stands when `waitMs` has passed (or `signal` aborted: the
   * client left; or this process began to shut down); null when the store does not hold it.
   * `written`: the job as the caller wrote it under `watch`, for a job deleted once it succeeded
   * (SUCCEEDED_RETENTION_MS=0) before it is read.
   */
  async untilEnded(id: string, waitMs: number, options: { signal?: AbortSignal; watch?: JobWatch; written?: Job } = {}): Promise<Job | null> {
    const { signal, watch, written } = options;
    const queue = queueOfJobId(id);
    if (queue === undefined || waitMs <= 0 || this.closed || this.hub.closed || signal?.aborted) return this.admin.get(id);
    let ending = watch?.queue === queue ? watch.endOf(id) : undefined;
    let wake: () => void = () => undefined;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const seat = await this.hub.onJob(queue, id, (event) => {
      if (!isFinal(event.st)) return;
      ending = event;
      wake();
    });
    // an end the watch heard while the seat was being taken (the listener hears what follows)
    if (!ending && watch?.queue === queue) ending = watch.endOf(id);
    const timer = setTimeout(wake, waitMs);
    signal?.addEventListener('abort', wake, { once: true });
    this.open.add(wake);
    try {
      // read once listening: an end before this read shows in it, one after reaches the listener
      // (a job written under a watch needs none: the watch has heard every end since before the write)
      const now = watch?.queue === queue && written ? written : await this.admin.get(id);
      if (!now) return ending && written ? endedAs(written, ending) : null;
      if (isFinal(now.status)) return now;
      // an end heard while that read was on its way may be newer than what it read: read again
      if (!ending && !this.closed) await woken;
      const last = await this.admin.get(id);
      // deleted on success meanwhile: the job as read, ended as its event says
      return last ?? (ending ? endedAs(now, ending) : null);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', wake);
      this.open.delete(wake);
      seat.leave();
    }
  }

  /** Shutdown: every open wait answers now, with its job as it stands (the store is still open). */
  onModuleDestroy(): void {
    this.closed = true;
    for (const wake of this.open) wake();
    this.open.clear();
  }

  private watchesOf(queue: string): QueueWatches {
    let watches = this.watched.get(queue);
    if (!watches) {
      const created: QueueWatches = { ends: new Map(), heard: 0, watches: new Map(), seat: Promise.resolve({ position: '', leave: () => undefined }) };
      created.seat = this.hub.onQueue(queue, (batch) => recordEnds(created, batch));
      // a failed seat is not kept: the next watch tries again
      created.seat.catch(() => {
        if (this.watched.get(queue) === created) this.watched.delete(queue);
      });
      this.watched.set(queue, (watches = created));
    }
    return watches;
  }
}

/** Final events kept for the watches (one map, however many watches). */
function recordEnds(watches: QueueWatches, batch: FeedBatch): void {
  for (const event of batch.events) {
    if (!isFinal(event.st)) continue;
    watches.heard += 1;
    // re-inserted: the map stays in the order heard, oldest first
    watches.ends.delete(event.id);
    watches.ends.set(event.id, { n: watches.heard, event });
  }
}

/** Drops the ends no open watch can ask for (heard before the oldest open watch began). */
function forgetEnds(watches: QueueWatches): void {
  if (watches.watches.size === 0) {
    watches.ends.clear();
    return;
  }
  const oldest = Math.min(...watches.watches.keys());
  for (const [id, heard] of watches.ends) {
    if (heard.n > oldest) break;
    watches.ends.delete(id);
  }
}

/** A job as read, with what its final event says: the status, attempts, time and outcome. */
function endedAs(job: Job, event: JobEvent): Job {
  const out: Job = { ...job, status: event.st, attempts: event.att, updatedAt: event.at, finishedAt: event.at };
  if (event.st === 'succeeded') out.result = event.res === undefined ? null : parseStoredJson(event.res);
  if (event.err !== undefined) out.lastError = event.err;
  return out;
}
