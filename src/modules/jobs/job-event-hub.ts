import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { JobEvent } from '../../domain/job-event';
import { StoreUnavailableError } from '../../domain/errors';
import { FeedBatch, FeedReplay, FeedSubscription, JobFeed, Outbox } from '../queue';

/** Hears one job's events: each with the position of the batch it came in, and whether it is that batch's last for the job. */
export type JobEventListener = (event: JobEvent, position: string, lastOfBatch: boolean) => void;

/** Hears every batch of a store queue. */
export type BatchListener = (batch: FeedBatch) => void;

/** A listener's place on the hub: every batch after `position` reaches it, until it leaves. */
export interface HubSeat {
  readonly position: string;
  leave(): void;
}

/** One store queue on the hub: one feed subscription, its listeners by job id and the queue-wide ones. */
interface HubQueue {
  readonly jobs: Map<string, Set<JobEventListener>>;
  readonly all: Set<BatchListener>;
  subscribed: Promise<FeedSubscription>;
  /** The position of the last batch dispatched (the subscription's, before any). */
  last: string;
  /** Listeners on their way in (HubSeat): the subscription is kept for them. */
  pending: number;
  /** Set while nothing listens: the subscription ends when it fires (LINGER_MS). */
  linger?: NodeJS.Timeout;
}

/**
 * How long a queue's subscription outlives its last listener: the next one then finds it in place
 * (a new one costs a connection and a read of the stream's end).
 */
const LINGER_MS = 30_000;

/**
 * This process's one reader of the live feed (Outbox.feed), for the waits (JobWaits) and the event
 * streams (JobStreams): one subscription per store queue, whatever the number of listeners, and
 * each batch dispatched to the listeners of its jobs by id (a map lookup per event, not a filter per
 * listener) and to the queue-wide ones. No Redis command is spent per listener per event.
 */
@Injectable()
export class JobEventHub implements OnModuleDestroy {
  private feed: JobFeed | undefined;
  private readonly queues = new Map<string, HubQueue>();
  private shutDown = false;

  /** Set once the process began to shut down: no new listener is taken (a wait answers at once). */
  get closed(): boolean {
    return this.shutDown;
  }

  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  /**
   * Hears the events of job `id` of store queue `queue` from the seat's position on. `current`: the
   * position is no older than the call (the feed has caught up with the store first, JobFeed.caughtUp),
   * so a read of the job after it is no newer than what the events up to the position say; without
   * it, a reader joining a running subscription may get a position behind its read (enough for a
   * wait, which only needs every later event).
   */
  async onJob(queue: string, id: string, listener: JobEventListener, options: { current?: boolean } = {}): Promise<HubSeat> {
    const hub = this.queueOf(queue);
    return this.seat(queue, hub, options.current === true, () => {
      let set = hub.jobs.get(id);
      if (!set) hub.jobs.set(id, (set = new Set()));
      set.add(listener);
      const own = set;
      return () => {
        own.delete(listener);
        if (own.size === 0 && hub.jobs.get(id) === own) hub.jobs.delete(id);
      };
    });
  }

  /** Hears every batch of store queue `queue` from the seat's position on. */
  async onQueue(queue: string, listener: BatchListener): Promise<HubSeat> {
    const hub = this.queueOf(queue);
    return this.seat(queue, hub, false, () => {
      hub.all.add(listener);
      return () => hub.all.delete(listener);
    });
  }

  /** The feed's batches of `queue` after `after` up to `upTo` (JobFeed.replay). */
  replay(queue: string, after: string, upTo: string, limit: number): Promise<FeedReplay> {
    return this.feedOf().replay(queue, after, upTo, limit);
  }

  async onModuleDestroy(): Promise<void> {
    this.shutDown = true;
    for (const hub of this.queues.values()) clearTimeout(hub.linger);
    this.queues.clear();
    await this.feed?.close();
  }

  private feedOf(): JobFeed {
    return (this.feed ??= this.outbox.feed());
  }

  private queueOf(queue: string): HubQueue {
    // 503 with Retry-After: the client goes on with another process
    if (this.shutDown) throw new StoreUnavailableError('this process is shutting down', 1);
    let hub = this.queues.get(queue);
    if (hub?.linger) {
      clearTimeout(hub.linger);
      hub.linger = undefined;
    }
    if (!hub) {
      const created: HubQueue = { jobs: new Map(), all: new Set(), subscribed: Promise.resolve({ position: '', unsubscribe: () => undefined }), last: '', pending: 0 };
      created.subscribed = this.feedOf().subscribe(queue, (batch) => dispatch(created, batch));
      created.subscribed.then(
        (subscription) => {
          // no batch is dispatched before the subscription resolves
          if (created.last === '') created.last = subscription.position;
        },
        // a failed subscription is not kept: the next listener tries again
        () => {
          if (this.queues.get(queue) === created) this.queues.delete(queue);
        },
      );
      this.queues.set(queue, (hub = created));
    }
    return hub;
  }

  /**
   * Waits for the queue's subscription (and, `current`, for the feed to catch up with the store),
   * then adds the listener (`add`, which returns its removal) and reads the position in one
   * synchronous step: every batch after that position reaches the listener, none at or before it.
   */
  private async seat(queue: string, hub: HubQueue, current: boolean, add: () => () => void): Promise<HubSeat> {
    // held while waiting: the queue's subscription does not end under a listener about to be added
    hub.pending++;
    try {
      const subscription = await hub.subscribed;
      if (hub.last === '') hub.last = subscription.position;
      if (current) await this.feedOf().caughtUp(queue);
    } catch (error) {
      hub.pending--;
      this.release(queue, hub);
      throw error;
    }
    hub.pending--;
    const remove = add();
    let left = false;
    const leave = (): void => {
      if (left) return;
      left = true;
      remove();
      this.release(queue, hub);
    };
    return { position: hub.last, leave };
  }

  /** Ends the queue's subscription once nothing has listened to it for LINGER_MS. */
  private release(queue: string, hub: HubQueue): void {
    if (hub.jobs.size > 0 || hub.all.size > 0 || hub.pending > 0 || this.queues.get(queue) !== hub || hub.linger) return;
    hub.linger = setTimeout(() => {
      hub.linger = undefined;
      if (hub.jobs.size > 0 || hub.all.size > 0 || hub.pending > 0 || this.queues.get(queue) !== hub) return;
      this.queues.delete(queue);
      void hub.subscribed.then(
        (subscription) => subscription.unsubscribe(),
        () => undefined,
      );
    }, LINGER_MS);
    hub.linger.unref();
  }
}

function dispatch(hub: HubQueue, batch: FeedBatch): void {
  hub.last = batch.position;
  for (const listener of [...hub.all]) listener(batch);
  if (hub.jobs.size === 0) return;
  const events = batch.events;
  // the listened events, and which is its job's last in the batch (found walking back)
  const heard: number[] = [];
  for (let i = 0; i < events.length; i++) if (hub.jobs.has(events[i].id)) heard.push(i);
  if (heard.length === 0) return;
  const lastOf = new Set<number>();
  const seen = new Set<string>();
  for (let h = heard.length - 1; h >= 0; h--) {
    const id = events[heard[h]].id;
    if (!seen.has(id)) lastOf.add(heard[h]);
    seen.add(id);
  }
  for (const i of heard) {
    const set = hub.jobs.get(events[i].id);
    if (set) for (const listener of [...set]) listener(events[i], batch.position, lastOf.has(i));
  }
}
