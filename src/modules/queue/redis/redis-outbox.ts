import { JobEventSources } from '../events/job-event-sources';
import { RedisJobEventSources } from '../events/redis-job-event-sources';
import { HISTORY_CONSUMER_GROUP } from '../events/redis-job-event-source';
import { readEventBacklog } from '../events/redis-event-backlog';
import { JobFeed } from '../events/job-feed';
import { RedisJobFeed } from '../events/redis-job-feed';
import { CancelRequested, EventBacklog, EventSourceOptions, Outbox } from '../outbox';
import { duplicateRedisClient } from './redis-connection';
import { RedisContext } from './redis-context';

/** Each queue's event stream, where every script call appends its events. */
export class RedisOutbox extends Outbox {
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

/** `text` matched literally in a PSUBSCRIBE pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
