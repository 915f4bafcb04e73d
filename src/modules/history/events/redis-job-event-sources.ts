import { createRedisClient } from '../../queue';
import { RedisQueueKeys } from '../../queue';
import { RedisJobEventSource, RedisJobEventSourceOptions } from './redis-job-event-source';
import { JobEventSource } from './job-event-source';
import { JobEventSources } from './job-event-sources';

export interface RedisJobEventSourcesOptions {
  redisUrl: string;
  prefix: string;
  consumer: string;
  onDropped?: RedisJobEventSourceOptions['onDropped'];
}

/** One stream per queue, `<prefix>:{<queue>}:events` (the Redis store's key schema). */
export class RedisJobEventSources extends JobEventSources {
  constructor(private readonly options: RedisJobEventSourcesOptions) {
    super();
  }

  lanes(queues: readonly string[]): string[] {
    return [...queues];
  }

  open(queue: string): JobEventSource {
    return new RedisJobEventSource({
      redis: createRedisClient(this.options.redisUrl, { connectionName: `claimq-history-${queue}` }),
      queue,
      streamKey: new RedisQueueKeys(this.options.prefix, queue).events,
      consumer: this.options.consumer,
      onDropped: this.options.onDropped,
    });
  }
}
