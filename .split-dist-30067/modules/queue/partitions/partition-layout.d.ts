import { StoredLayout } from './partition-host';
/**
 * A queue's partitions as one instance knows them, read from the stored layout (partition-host.ts):
 * - `count`: how many partitions writers fill (the fleet's count, set by the instance that started
 *   last with QUEUES/QUEUE_PARTITIONS: a rolling deploy changes it once);
 * - `names`: every partition the layout holds, by index (0: the queue itself), also those at or
 *   beyond `count` after the count was lowered: they are no longer written, and are still
 *   claimed from, reaped and read for history until they hold nothing;
 * - `history`: earlier counts, under which an idempotency key may have had another home.
 */
export declare class PartitionLayout {
    readonly queue: string;
    readonly count: number;
    readonly names: readonly string[];
    readonly history: readonly number[];
    readonly loadedAt: number;
    /** When the count last changed (epoch ms; 0 when it never did). */
    readonly since: number;
    private constructor();
    static read(queue: string, stored: StoredLayout, now: number): PartitionLayout;
    /** One partition, nothing draining: every call goes straight to the store. */
    get single(): boolean;
    /** Partitions writers fill: the count, or fewer while the last of them are being created. */
    get writable(): number;
    /** The suffixes in use (0 and each p<index>), for choosing a new one. */
    suffixes(): number[];
    /** Partitions beyond the count: no longer written, drained, then forgotten. */
    get removed(): number;
    indexOf(partition: string): number;
}
