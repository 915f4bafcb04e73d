import { JobEventLog } from './memory-job-event-source';
import { JobEventSource } from './job-event-source';
import { JobEventSources } from './job-event-sources';
/** The memory store's single event log, for every queue. */
export declare class MemoryJobEventSources extends JobEventSources {
    private readonly log;
    constructor(log: JobEventLog);
    lanes(): string[];
    open(): JobEventSource;
}
