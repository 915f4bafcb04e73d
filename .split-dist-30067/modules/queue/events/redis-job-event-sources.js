"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisJobEventSources = void 0;
const redis_job_event_source_1 = require("./redis-job-event-source");
const job_event_sources_1 = require("./job-event-sources");
/** One stream per queue (RedisQueueKeys.events), each read on a connection of its own. */
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
            redis: this.options.connect(`claimq-history-${queue}`),
            queue,
            streamKey: this.options.keysOf(queue).events,
            consumer: this.options.consumer,
            onDropped: this.options.onDropped,
        });
    }
}
exports.RedisJobEventSources = RedisJobEventSources;
//# sourceMappingURL=redis-job-event-sources.js.map