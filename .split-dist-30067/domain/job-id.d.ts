export declare function newJobId(queue: string, now?: number): string;
/**
 * The partition of a job id as stored (`<queue>` or `<queue>~<k>`), or undefined when the id is
 * not one claimq made. queueOfPartition (queue-partition.ts) gives its queue.
 */
export declare function queueOfJobId(id: string): string | undefined;
/** The same id moved to another partition of its queue: its time and random tail kept. */
export declare function withPartition(id: string, partition: string): string;
/** The part of an id that stays when it moves to another partition (withPartition): `-<time><random>`. */
export declare function idTail(id: string): string;
/**
 * The creation time a job (or execution) id carries, in epoch ms: the first 10 characters of its
 * tail (newJobId). Undefined for an id claimq did not make. History partitions its tables by this
 * time because every event of a job can compute it from the id alone (SQL twin: claimq_id_time,
 * in the history migration that partitions the tables).
 */
export declare function timeOfJobId(id: string): number | undefined;
