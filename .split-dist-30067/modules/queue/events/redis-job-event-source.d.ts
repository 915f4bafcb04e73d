import type { RedisClient } from '../redis/redis-connection';
import { Clock } from '../../../domain/clock';
import { JobEventBatch, JobEventSource } from './job-event-source';
export declare const HISTORY_CONSUMER_GROUP = "history";
export interface RedisJobEventSourceOptions {
    /** A connection of its own: XREADGROUP BLOCK holds it while waiting. */
    redis: RedisClient;
    queue: string;
    streamKey: string;
    consumer: string;
    group?: string;
    blockMs?: number;
    /** Entries pending longer than this on any consumer (a dead one) are claimed by XAUTOCLAIM. */
    claimMinIdleMs?: number;
    /** How often a claim pass over the group's pending entries starts. */
    claimEveryMs?: number;
    /** Consumers idle this long with nothing pending are removed from the group. */
    consumerMaxIdleMs?: number;
    clock?: Clock;
    onDropped?: (entryId: string, reason: string) => void;
}
/**
 * Reads one queue's event stream through the consumer group shared by every instance: each entry
 * goes to one consumer, stays pending until acknowledged, and is claimed by a live consumer when
 * its reader died (XAUTOCLAIM). Entries decode by stream-entry-codec.ts (one entry per script call).
 */
export declare class RedisJobEventSource extends JobEventSource {
    private readonly options;
    readonly name: string;
    private readonly redis;
    private readonly group;
    private readonly blockMs;
    private readonly claimMinIdleMs;
    private readonly claimEveryMs;
    private readonly consumerMaxIdleMs;
    private readonly clock;
    private groupReady;
    private claimCursor;
    private nextClaimAt;
    /**
     * Events per entry seen in the last read. An entry holds the events of one script call (up to
     * MAX_EVENTS_PER_ENTRY) and XREADGROUP counts entries, so a read asks for as many entries as
     * should hold `max` events. It starts at the largest entry, so the first read after a start
     * (perhaps into a backlog of executions of 10,000 jobs) cannot bring max x 2,000 events at once.
     */
    private eventsPerEntry;
    constructor(options: RedisJobEventSourceOptions);
    read(maxEvents: number, waitMs?: number): Promise<JobEventBatch>;
    ack(batch: JobEventBatch): Promise<void>;
    close(): Promise<void>;
    private ensureGroup;
    /**
     * One step of the claim pass: XAUTOCLAIM walks the pending entries list with a cursor; a pass
     * starts every claimEveryMs and continues on each read until the cursor comes back to 0-0.
     */
    private claimAbandoned;
    /** Every process start adds a consumer name; those long gone with nothing pending are removed. */
    private removeIdleConsumers;
    private toBatch;
}
