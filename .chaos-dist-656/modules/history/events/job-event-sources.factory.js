"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createJobEventSources = createJobEventSources;
const common_1 = require("@nestjs/common");
const consumer_name_1 = require("../consumer-name");
const memory_job_event_sources_1 = require("./memory-job-event-sources");
const redis_job_event_sources_1 = require("./redis-job-event-sources");
/** Where events come from follows JOB_STORE: the memory store's log, or the Redis streams. */
function createJobEventSources(config, store) {
    switch (config.jobStore) {
        case 'memory': {
            const log = store.events;
            if (!log || typeof log.take !== 'function')
                throw new Error('history: the memory store exposes no event log (events.take)');
            return new memory_job_event_sources_1.MemoryJobEventSources(log);
        }
        case 'redis': {
            const logger = new common_1.Logger('History');
            return new redis_job_event_sources_1.RedisJobEventSources({
                redisUrl: config.redisUrl,
                prefix: config.redisPrefix,
                consumer: (0, consumer_name_1.historyConsumerName)(),
                onDropped: (entry, reason) => logger.error(`history dropped stream entry ${entry}: ${reason}`),
            });
        }
        default:
            throw new Error(`JOB_STORE=${String(config.jobStore)} has no history event source`);
    }
}
//# sourceMappingURL=job-event-sources.factory.js.map