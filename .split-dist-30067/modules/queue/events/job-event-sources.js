"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobEventSources = void 0;
/**
 * The sources the writer drains, one per lane: a lane has a key and is opened once. The memory
 * store has one lane for every queue; Redis has one per queue (its stream, on a connection of
 * its own, so that queues spread over a cluster's shards).
 */
class JobEventSources {
}
exports.JobEventSources = JobEventSources;
//# sourceMappingURL=job-event-sources.js.map