import type { RedisClient } from '../redis/redis-connection';
import { RedisQueueKeys } from '../redis/redis-queue-keys';
import { RedisJobEventSourceOptions } from './redis-job-event-source';
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
export declare class RedisJobEventSources extends JobEventSources {
    private readonly options;
    constructor(options: RedisJobEventSourcesOptions);
    lanes(queues: readonly string[]): string[];
    open(queue: string): JobEventSource;
}
