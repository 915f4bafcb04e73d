import type { RedisClient } from '../redis/redis-connection';
import { JobEvent } from '../../../domain/job-event';
import { decodeStreamEntry } from './stream-entry-codec';
import { FeedReplay, FeedSubscription, JobFeed, JobFeedListener } from './job-feed';

type StreamEntry = [id: string, fields: string[]];

export interface RedisJobFeedOptions {
  /** Opens a connection of the store's settings, named `name`: one per stream read (XREAD BLOCK holds it). */
  connect: (name: string) => RedisClient;
  /** Runs a one-off read (replay) on the store's own connection, its errors as the store's. */
  read: <T>(work: (redis: RedisClient) => Promise<T>) => Promise<T>;
  /** A queue's event stream key (RedisQueueKeys.events). */
  streamOf: (queue: string) => string;
  /** How long one XREAD waits for entries: an idle subscribed queue costs one command per this. */
  blockMs?: number;
  /** Wait after a failed read before the next (the read resumes where it was: nothing is skipped). */
  retryMs?: number;
  /** The longest caughtUp waits for a read to pass the stream's end (CAUGHT_UP_WAIT_MS). */
  caughtUpWaitMs?: number;
  onError?: (queue: string, error: unknown) => void;
}

/** Entries per XREAD: an entry holds one script call's events (up to 2,000). */
const ENTRIES_PER_READ = 100;

/** The longest caughtUp waits for a read to pass the stream's end (it is one XREAD reply when Redis answers). */
export const CAUGHT_UP_WAIT_MS = 5_000;

/**
 * One XREAD loop per subscribed queue stream, on a connection of its own, from the stream's last
 * entry at the moment of the first subscription on: the events of every entry after it go to
 * every listener of that queue. With its last listener gone, the loop ends and its connection
 * closes. A read that fails is retried from the same id, so a blink of Redis delays events and
 * loses none (an entry trimmed meanwhile by events-trim.lua is gone, as for the history writer).
 */
export class RedisJobFeed extends JobFeed {
  private readonly streams = new Map<string, StreamRead>();
  /** caughtUp's shared read per queue, until it is sent. */
  private readonly catchingUp = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly options: RedisJobFeedOptions) {
    super();
  }

  async subscribe(queue: string, listener: JobFeedListener): Promise<FeedSubscription> {
    if (this.closed) throw new Error('the job feed is closed');
    let read = this.streams.get(queue);
    if (!read) {
      read = new StreamRead(queue, this.options, () => {
        if (this.streams.get(queue) === read) this.streams.delete(queue);
      });
      this.streams.set(queue, read);
    }
    return read.add(listener);
  }

  /**
   * XRANGE of the stream after `after` (exclusive) up to `upTo`; complete unless an entry after
   * `after` was trimmed or deleted (XINFO STREAM's max-deleted-entry-id is at or after it), or
   * more than `limit` follow. Nothing to read (`after` is `upTo`) is complete. Read on the store's connection: a replay is a reconnecting client's
   * one-off, not a loop.
   */
  async replay(queue: string, after: string, upTo: string, limit: number): Promise<FeedReplay> {
    const from = parseStreamId(after);
    if (!from || !parseStreamId(upTo) || compareStreamIds(after, upTo) > 0) return { batches: [], complete: false };
    // nothing between the two: complete, whatever the stream holds (or that it does not exist: a
    // partition no job went to has none, and its position is 0-0 on both sides)
    if (compareStreamIds(after, upTo) === 0) return { batches: [], complete: true };
    const key = this.options.streamOf(queue);
    return this.options.read(async (redis) => {
      const entries = (await redis.xrange(key, `(${after}`, upTo, 'COUNT', limit + 1)) as StreamEntry[];
      const batches = entries.slice(0, limit).map(([position, fields]) => ({ position, events: eventsOf(fields) }));
      let complete = entries.length <= limit;
      if (complete) complete = !(await trimmedAfter(redis, key, after));
      return { batches, complete };
    });
  }

  /**
   * The stream's last entry now (XREVRANGE, on the store's connection), then a wait until the
   * queue's read has passed it: a blocked XREAD is woken by that entry, so the wait is one reply's.
   * The callers of one turn of the event loop share one read and one wait (the read is sent after
   * the last of them called, so its entry is no older than any of their calls): a burst of streams
   * opening costs a few commands, not one each. Never rejects: when the stream's end cannot be
   * read, or the read cannot pass it within caughtUpWaitMs (its XREAD failing), the callers go on
   * and get those entries live, after what they read.
   */
  caughtUp(queue: string): Promise<void> {
    const read = this.streams.get(queue);
    if (!read) return Promise.resolve();
    let shared = this.catchingUp.get(queue);
    if (!shared) {
      shared = new Promise<void>((resolve) => {
        setImmediate(() => {
          this.catchingUp.delete(queue);
          const key = this.options.streamOf(queue);
          // in a chain, so a throw of read() settles the shared promise too
          Promise.resolve()
            .then(() => this.options.read(async (redis) => (await redis.xrevrange(key, '+', '-', 'COUNT', 1)) as StreamEntry[]))
            .then((last) => (last[0] ? read.reached(last[0][0]) : undefined))
            .then(resolve, (error: unknown) => {
              // not a reason to refuse a stream: its callers go on, and get what they missed live
              this.options.onError?.(queue, error);
              resolve();
            });
        });
      });
      this.catchingUp.set(queue, shared);
    }
    return shared;
  }

  async close(): Promise<void> {
    this.closed = true;
    const reads = [...this.streams.values()];
    this.streams.clear();
    await Promise.all(reads.map((read) => read.stop()));
  }
}

class StreamRead {
  private readonly listeners = new Set<JobFeedListener>();
  private readonly key: string;
  private redis: RedisClient | undefined;
  /** The id the next XREAD reads after; known once `started` resolves. */
  private lastId = '';
  private started: Promise<void> | undefined;
  private loop: Promise<void> | undefined;
  private stopped = false;
  /** Callers of reached(), each woken once the read has passed its id (or stopped). */
  private readonly waiters = new Set<{ id: string; wake: () => void }>();

  constructor(
    private readonly queue: string,
    private readonly options: RedisJobFeedOptions,
    private readonly onStopped: () => void,
  ) {
    this.key = options.streamOf(queue);
  }

  async add(listener: JobFeedListener): Promise<FeedSubscription> {
    this.listeners.add(listener);
    const unsubscribe = (): void => this.remove(listener);
    // reading: every entry after lastId reaches the listeners as they are now, this one included
    if (this.loop) return { position: this.lastId, unsubscribe };
    try {
      // the stream's position before the caller reads anything: whatever comes later is read
      this.started ??= this.start();
      await this.started;
    } catch (error) {
      this.remove(listener);
      throw error;
    }
    // no reply is handled before this (the loop's first XREAD answers in a later task)
    return { position: this.lastId, unsubscribe };
  }

  /** Resolves once every entry up to `id` has reached the listeners, the read stopped, or caughtUpWaitMs passed. */
  async reached(id: string): Promise<void> {
    await this.started?.catch(() => undefined);
    if (this.stopped || !this.loop || compareStreamIds(this.lastId, id) >= 0) return;
    await new Promise<void>((resolve) => {
      const waiter = {
        id,
        wake: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, this.options.caughtUpWaitMs ?? CAUGHT_UP_WAIT_MS);
      this.waiters.add(waiter);
    });
  }

  private wakeReached(): void {
    for (const waiter of [...this.waiters]) if (this.stopped || compareStreamIds(this.lastId, waiter.id) >= 0) waiter.wake();
  }

  private remove(listener: JobFeedListener): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) void this.stop();
  }

  private async start(): Promise<void> {
    this.redis = this.options.connect(`claimq-feed-${this.queue}`);
    try {
      const last = (await this.redis.xrevrange(this.key, '+', '-', 'COUNT', 1)) as StreamEntry[];
      this.lastId = last[0]?.[0] ?? '0-0';
    } catch (error) {
      this.started = undefined;
      this.release();
      throw error;
    }
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    const blockMs = this.options.blockMs ?? 2_000;
    while (!this.stopped) {
      let reply: [string, StreamEntry[]][] | null;
      try {
        reply = (await this.redis!.xread('COUNT', ENTRIES_PER_READ, 'BLOCK', blockMs, 'STREAMS', this.key, this.lastId)) as [string, StreamEntry[]][] | null;
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(this.queue, error);
        await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? 500));
        continue;
      }
      for (const [, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          this.lastId = id;
          const events = eventsOf(fields);
          if (events.length === 0) continue;
          const batch = { position: id, events };
          for (const listener of [...this.listeners]) {
            try {
              listener(batch);
            } catch (error) {
              this.options.onError?.(this.queue, error);
            }
          }
        }
      }
      if (this.waiters.size > 0) this.wakeReached();
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.onStopped();
    this.listeners.clear();
    this.wakeReached();
    // ends a blocked XREAD at once
    this.release();
    await this.loop?.catch(() => undefined);
  }

  private release(): void {
    const redis = this.redis;
    this.redis = undefined;
    redis?.disconnect();
  }
}

/** An entry's events (none for a gap entry or one that does not decode), the same for a live read and a replay. */
function eventsOf(fields: string[]): JobEvent[] {
  return (decodeStreamEntry(fields) ?? []).filter((e): e is JobEvent => e !== undefined);
}

const STREAM_ID = /^(\d{1,20})-(\d{1,20})$/;

function parseStreamId(id: string): [bigint, bigint] | undefined {
  const match = STREAM_ID.exec(id);
  return match ? [BigInt(match[1]), BigInt(match[2])] : undefined;
}

/** Stream ids in order (both must parse). */
export function compareStreamIds(a: string, b: string): number {
  const [am, as] = parseStreamId(a)!;
  const [bm, bs] = parseStreamId(b)!;
  if (am !== bm) return am < bm ? -1 : 1;
  return as === bs ? 0 : as < bs ? -1 : 1;
}

/**
 * Whether an entry after `after` may have been removed: the stream's max-deleted-entry-id (Redis
 * 7: XTRIM and XDEL raise it) is past `after`. Without the field (Redis 6), whether the stream's
 * first entry is past it.
 */
async function trimmedAfter(redis: RedisClient, key: string, after: string): Promise<boolean> {
  let info: unknown[];
  try {
    info = (await redis.xinfo('STREAM', key)) as unknown[];
  } catch {
    // no stream: nothing was ever written after `after`, or it went with its queue
    return true;
  }
  const field = (name: string): unknown => {
    const at = info.indexOf(name);
    return at >= 0 ? info[at + 1] : undefined;
  };
  const deleted = field('max-deleted-entry-id');
  if (typeof deleted === 'string' && parseStreamId(deleted)) return compareStreamIds(deleted, after) > 0;
  const first = field('first-entry');
  const firstId = Array.isArray(first) && typeof first[0] === 'string' ? first[0] : undefined;
  return firstId !== undefined && parseStreamId(firstId) !== undefined && compareStreamIds(firstId, after) > 0;
}
