import { JobEventSource } from './job-event-source';
/**
 * The sources the writer drains, one per lane: a lane has a key and is opened once. The memory
 * store has one lane for every queue; Redis has one per queue (its stream, on a connection of
 * its own, so that queues spread over a cluster's shards).
 */
export declare abstract class JobEventSources {
    /** Lane keys for the queues known now (queues appear while the service runs). */
    abstract lanes(queues: readonly string[]): string[];
    abstract open(lane: string): JobEventSource;
}
