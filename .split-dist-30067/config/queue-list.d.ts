/** QUEUES parsed: the queue names in order, and each queue's partition count. */
export interface QueueList {
    names: string[];
    /** Partitions per queue: the `:N` QUEUES gives it, else QUEUE_PARTITIONS. */
    partitions: Map<string, number>;
}
/**
 * Reads `QUEUES=default:12,emails`: a name, optionally followed by `:N`, its partition count
 * (1 to MAX_QUEUE_PARTITIONS). A final `:<digits>` is always the count. A queue named twice keeps
 * its first place; two different counts for one queue are refused.
 */
export declare function parseQueueList(value: string, defaultPartitions: number): QueueList;
