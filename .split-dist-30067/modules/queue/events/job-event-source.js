"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobEventSource = void 0;
/**
 * Where the history writer reads job events from. A batch stays unacknowledged until the writer
 * has stored it; a source that can redeliver (Redis) gives unacknowledged entries to a consumer
 * again later, so nothing is lost when a writer dies between read and ack.
 */
class JobEventSource {
}
exports.JobEventSource = JobEventSource;
//# sourceMappingURL=job-event-source.js.map