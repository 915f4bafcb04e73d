import { MAX_QUEUE_PARTITIONS } from '../domain/queue-partition';

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
export function parseQueueList(value: string, defaultPartitions: number): QueueList {
  const names: string[] = [];
  const partitions = new Map<string, number>();
  for (const entry of value.split(',')) {
    const match = /^(.+):([0-9]+)$/.exec(entry);
    const name = match ? match[1] : entry;
    const count = match ? Number(match[2]) : undefined;
    if (count !== undefined && (count < 1 || count > MAX_QUEUE_PARTITIONS)) {
      throw new Error(`QUEUES: ${entry}: a queue's partition count must be 1 to ${MAX_QUEUE_PARTITIONS}`);
    }
    const known = partitions.get(name);
    if (known === undefined) {
      names.push(name);
      partitions.set(name, count ?? defaultPartitions);
    } else if (count !== undefined && count !== known) {
      throw new Error(`QUEUES: ${name} is given ${known} and ${count} partitions`);
    }
  }
  return { names, partitions };
}
