"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisJobEventSources = void 0;
const redis_connection_1 = require("../../queue/redis/redis-connection");
const redis_queue_keys_1 = require("../../queue/redis/redis-queue-keys");
const redis_job_event_source_1 = require("./redis-job-event-source");
const job_event_sources_1 = require("./job-event-sources");
/** One stream per queue, `<prefix>:{<queue>}:events` (the Redis store's key schema). */
class RedisJobEventSources extends job_event_sources_1.JobEventSources {
    options;
    constructor(options) {
        super();
        this.options = options;
    }
    lanes(queues) {
        return [...queues];
    }
    open(queue) {
        return new redis_job_event_source_1.RedisJobEventSource({
            redis: (0, redis_connection_1.createRedisClient)(this.options.redisUrl, { connectionName: `claimq-history-${queue}` }),
            queue,
            streamKey: new redis_queue_keys_1.RedisQueueKeys(this.options.prefix, queue).events,
            consumer: this.options.consumer,
            onDropped: this.options.onDropped,
        });
    }
}
exports.RedisJobEventSources = RedisJobEventSources;
//# sourceMappingURL=redis-job-event-sources.js.map