import { JobEventSources } from '../events/job-event-sources';
import { RedisJobEventSources } from '../events/redis-job-event-sources';
import { HISTORY_CONSUMER_GROUP } from '../events/redis-job-event-source';
import { readEventBacklog } from '../events/redis-event-backlog';
import { JobFeed } from '../events/job-feed';
import { RedisJobFeed } from '../events/redis-job-feed';
import { CancelRequested, EventBacklog, EventSourceOptions, Outbox, StoreSignal } from '../outbox';
import type { Cluster, Redis } from 'ioredis';
import { duplicateRedisClient } from './redis-connection';
import { RedisContext } from './redis-context';

/** Each queue's event stream, where every script call appends its events. */
export class RedisOutbox extends Outbox {
  /** The process's one signals connection (subscribing or subscribed), while anyone listens. */
  private signalSubscriber: Promise<Redis | Cluster> | undefined;
  private readonly signalListeners = new Set<(signal: StoreSignal) => void>();

  constructor(private readonly ctx: RedisContext) {
    super();
  }

  /** One stream per queue, each read on a connection of its own (a copy of the engine's settings). */
  sources(options: EventSourceOptions): JobEventSources {
    return new RedisJobEventSources({
      connect: (name) => duplicateRedisClient(this.ctx.redis, { connectionName: name }),
      keysOf: (queue) => this.ctx.keys(queue),
      ...options,
    });
  }

  /** One XREAD loop per subscribed queue stream, on a connection of its own (RedisJobFeed). */
  feed(): JobFeed {
    return new RedisJobFeed({
      connect: (name) => duplicateRedisClient(this.ctx.redis, { connectionName: name }),
      read: (work) => this.ctx.call(() => work(this.ctx.redis)),
      streamOf: (queue) => this.ctx.keys(queue).events,
    });
  }

  /**
   * PSUBSCRIBE to every queue's `cancels` channel of this prefix (includes/cancel-job.lua publishes
   * there), on a connection of its own: one per listening process, whatever its queues (cancels of
   * running jobs are rare; the listener drops the ids it does not run).
   */
  async onCancelRequested(listener: (cancel: CancelRequested) => void): Promise<() => Promise<void>> {
    const subscriber = duplicateRedisClient(this.ctx.redis, { connectionName: 'claimq-cancels' });
    const pattern = `${escapeGlob(this.ctx.prefix)}:{*}:cancels`;
    subscriber.on('pmessage', (_pattern: string, _channel: string, message: string) => listener(decodeCancel(message)));
    try {
      await subscriber.psubscribe(pattern);
    } catch (error) {
      subscriber.disconnect();
      throw error;
    }
    return async () => {
      subscriber.disconnect();
    };
  }

  /**
   * PSUBSCRIBE to every slot's `signals` channel of this prefix (includes/signals.lua publishes
   * there: a queue's `refresh`, the schedules' `schedules`), on one connection per process shared
   * by its listeners, whatever its queue count, and silent while nothing changes. After the
   * connection broke, ioredis subscribes again once it is back; what was published meanwhile is
   * lost, so the listeners hear `missed` then.
   */
  async onSignal(listener: (signal: StoreSignal) => void): Promise<() => Promise<void>> {
    this.signalListeners.add(listener);
    try {
      await (this.signalSubscriber ??= this.subscribeToSignals());
    } catch (error) {
      this.signalListeners.delete(listener);
      throw error;
    }
    return async () => {
      if (!this.signalListeners.delete(listener) || this.signalListeners.size > 0) return;
      const subscriber = this.signalSubscriber;
      this.signalSubscriber = undefined;
      (await subscriber?.catch(() => undefined))?.disconnect();
    };
  }

  /** Ends the signals connection whoever still listens (the engine closes). */
  async closeSignals(): Promise<void> {
    const subscriber = this.signalSubscriber;
    this.signalSubscriber = undefined;
    this.signalListeners.clear();
    (await subscriber?.catch(() => undefined))?.disconnect();
  }

  private async subscribeToSignals(): Promise<Redis | Cluster> {
    const subscriber = duplicateRedisClient(this.ctx.redis, { connectionName: 'claimq-signals' });
    const head = `${this.ctx.prefix}:{`;
    const tail = '}:signals';
    const tell = (signal: StoreSignal): void => {
      for (const listener of this.signalListeners) listener(signal);
    };
    let broke = false;
    subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
      const signal = decodeSignal(channel.slice(head.length, -tail.length), message);
      if (signal) tell(signal);
    });
    subscriber.on('close', () => (broke = true));
    subscriber.on('ready', () => {
      if (!broke) return;
      broke = false;
      tell({ kind: 'missed' });
    });
    try {
      await subscriber.psubscribe(`${escapeGlob(head)}*${tail}`);
      return subscriber;
    } catch (error) {
      this.signalSubscriber = undefined;
      subscriber.disconnect();
      throw error;
    }
  }

  /**
   * The queue's stream as the history consumer group sees it: entries delivered and not acknowledged
   * (XPENDING) and entries not delivered yet (the group's lag), with the time of the oldest of
   * either (an entry id starts with the Redis time it was added). Three reads of the queue's slot;
   * before the writer made the group, the whole stream is behind.
   */
  async backlog(queue: string): Promise<EventBacklog> {
    return this.ctx.call(() => readEventBacklog(this.ctx.redis, this.ctx.keys(queue).events, HISTORY_CONSUMER_GROUP));
  }
}

/** A `cancels` message (includes/cancel-job.lua): `<id> US <worker> US <token>`, or the id alone (earlier versions). */
export function decodeCancel(message: string): CancelRequested {
  const [jobId, workerId, token] = message.split('\u001f');
  const cancel: CancelRequested = { jobId };
  if (workerId) cancel.workerId = workerId;
  if (token && /^\d+$/.test(token)) cancel.token = Number(token);
  return cancel;
}

/** A `signals` message of the slot tagged `tag` (includes/signals.lua); unknown ones (a later version's) are dropped. */
export function decodeSignal(tag: string, message: string): StoreSignal | undefined {
  if (message === 'refresh') return { kind: 'refresh', queue: tag };
  if (message === 'reap') return { kind: 'reap', queue: tag };
  if (message === 'work') return { kind: 'work', queue: tag };
  if (message === 'layout') return { kind: 'layout', queue: tag };
  if (message === 'schedules') return { kind: 'schedules' };
  return undefined;
}

/** `text` matched literally in a PSUBSCRIBE pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
