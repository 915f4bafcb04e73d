"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryJobEventSources = void 0;
const memory_job_event_source_1 = require("./memory-job-event-source");
const job_event_sources_1 = require("./job-event-sources");
/** The memory store's single event log, for every queue. */
class MemoryJobEventSources extends job_event_sources_1.JobEventSources {
    log;
    constructor(log) {
        super();
        this.log = log;
    }
    lanes() {
        return ['memory'];
    }
    open() {
        return new memory_job_event_source_1.MemoryJobEventSource(this.log);
    }
}
exports.MemoryJobEventSources = MemoryJobEventSources;
//# sourceMappingURL=memory-job-event-sources.js.map