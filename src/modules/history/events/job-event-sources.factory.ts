import { Logger } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { JobStore } from '../../queue';
import { historyConsumerName } from '../consumer-name';
import { JobEventSources } from './job-event-sources';
import { JobEventLog } from './memory-job-event-source';
import { MemoryJobEventSources } from './memory-job-event-sources';
import { RedisJobEventSources } from './redis-job-event-sources';

/** Where events come from follows JOB_STORE: the memory store's log, or the Redis streams. */
export function createJobEventSources(config: AppConfig, store: JobStore): JobEventSources {
  switch (config.jobStore) {
    case 'memory': {
      const log = (store as unknown as { events?: JobEventLog }).events;
      if (!log || typeof log.take !== 'function') throw new Error('history: the memory store exposes no event log (events.take)');
      return new MemoryJobEventSources(log);
    }
    case 'redis': {
      const logger = new Logger('History');
      return new RedisJobEventSources({
        redisUrl: config.redisUrl,
        prefix: config.redisPrefix,
        consumer: historyConsumerName(),
        onDropped: (entry, reason) => logger.error(`history dropped stream entry ${entry}: ${reason}`),
      });
    }
    default:
      throw new Error(`JOB_STORE=${String(config.jobStore)} has no history event source`);
  }
}
