/**
 * Partitions of a queue. A queue of N partitions keeps each under a hash tag of its own, so on a
 * Redis Cluster its slots (and so its masters) differ. Partition 0 is the queue's own name, so a
 * queue of one partition is stored exactly as before partitions existed; every other partition
 * is named `<queue>~<k>`. `~` is not allowed in queue names, so a partition name never collides
 * with a queue. A job id starts with its partition's name (job-id.ts): the id alone finds its keys.
 */
export declare const PARTITION_SEPARATOR = "~";
/** QUEUE_PARTITIONS and `QUEUES=name:N`: most partitions one queue may have. */
export declare const MAX_QUEUE_PARTITIONS = 64;
/** The stored name of the partition with suffix `k` (0: the queue itself). */
export declare function partitionName(queue: string, k: number): string;
/** The queue and suffix of a partition's name, or undefined when `name` names neither a queue nor a partition. */
export declare function parsePartitionName(name: string): {
    queue: string;
    k: number;
} | undefined;
/** The queue a partition's name belongs to (a queue's own name is its partition 0). */
export declare function queueOfPartition(name: string): string;
/**
 * Jump consistent hash (Lamping and Veach, 2014) of a 32-bit key into `buckets`: when the count
 * grows from n to m, only the keys that must move (about (m - n) / m of them) move, and only to
 * the new buckets. Used for idempotency keys, so raising a queue's partition count moves few keys.
 */
export declare function jumpHash(key: number, buckets: number): number;
/** FNV-1a of a string's UTF-16 code units, 32 bits: spreads idempotency keys for jumpHash. */
export declare function hashKey(text: string): number;
/** The partition index an idempotency key belongs to among `count` partitions. */
export declare function keyHome(key: string, count: number): number;
