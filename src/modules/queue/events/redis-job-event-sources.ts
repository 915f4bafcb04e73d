import type { RedisClient } from '../redis/redis-connection';
import { RedisQueueKeys } from '../redis/redis-queue-keys';
import { RedisJobEventSource, RedisJobEventSourceOptions } from './redis-job-event-source';
import { JobEventSource } from './job-event-source';
import { JobEventSources } from './job-event-sources';

export interface RedisJobEventSourcesOptions {
  /** Opens a connection of the store's settings, named `name`: one per stream read. */
  connect: (name: string) => RedisClient;
  /** The store's keys of a queue (its stream is `events`). */
  keysOf: (queue: string) => RedisQueueKeys;
  consumer: string;
  onDropped?: RedisJobEventSourceOptions['onDropped'];
}

/** One stream per queue (RedisQueueKeys.events), each read on a connection of its own. */
export class RedisJobEventSources extends JobEventSources {
  constructor(private readonly options: RedisJobEventSourcesOptions) {
    super();
  }

  lanes(queues: readonly string[]): string[] {
    return [...queues];
  }

  open(queue: string): JobEventSource {
    return new RedisJobEventSource({
      redis: this.options.connect(`claimq-history-${queue}`),
      queue,
      streamKey: this.options.keysOf(queue).events,
      consumer: this.options.consumer,
      onDropped: this.options.onDropped,
    });
  }
}
