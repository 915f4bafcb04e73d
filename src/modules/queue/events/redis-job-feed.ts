import type { RedisClient } from '../redis/redis-connection';
import { JobEvent } from '../../../domain/job-event';
import { decodeStreamEntry } from './stream-entry-codec';
import { JobFeed, JobFeedListener } from './job-feed';

type StreamEntry = [id: string, fields: string[]];

export interface RedisJobFeedOptions {
  /** Opens a connection of the store's settings, named `name`: one per stream read (XREAD BLOCK holds it). */
  connect: (name: string) => RedisClient;
  /** A queue's event stream key (RedisQueueKeys.events). */
  streamOf: (queue: string) => string;
  /** How long one XREAD waits for entries: an idle subscribed queue costs one command per this. */
  blockMs?: number;
  /** Wait after a failed read before the next (the read resumes where it was: nothing is skipped). */
  retryMs?: number;
  onError?: (queue: string, error: unknown) => void;
}

/** Entries per XREAD: an entry holds one script call's events (up to 2,000). */
const ENTRIES_PER_READ = 100;

/**
 * One XREAD loop per subscribed queue stream, on a connection of its own, from the stream's last
 * entry at the moment of the first subscription on: the events of every entry after it go to
 * every listener of that queue. With its last listener gone, the loop ends and its connection
 * closes. A read that fails is retried from the same id, so a blink of Redis delays events and
 * loses none (an entry trimmed meanwhile by events-trim.lua is gone, as for the history writer).
 */
export class RedisJobFeed extends JobFeed {
  private readonly streams = new Map<string, StreamRead>();
  private closed = false;

  constructor(private readonly options: RedisJobFeedOptions) {
    super();
  }

  async subscribe(queue: string, listener: JobFeedListener): Promise<() => void> {
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

  constructor(
    private readonly queue: string,
    private readonly options: RedisJobFeedOptions,
    private readonly onStopped: () => void,
  ) {
    this.key = options.streamOf(queue);
  }

  async add(listener: JobFeedListener): Promise<() => void> {
    this.listeners.add(listener);
    try {
      // the stream's position before the caller reads anything: whatever comes later is read
      this.started ??= this.start();
      await this.started;
    } catch (error) {
      this.remove(listener);
      throw error;
    }
    return () => this.remove(listener);
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
          const events = (decodeStreamEntry(fields) ?? []).filter((e): e is JobEvent => e !== undefined);
          if (events.length === 0) continue;
          for (const listener of [...this.listeners]) {
            try {
              listener(events);
            } catch (error) {
              this.options.onError?.(this.queue, error);
            }
          }
        }
      }
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.onStopped();
    this.listeners.clear();
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
