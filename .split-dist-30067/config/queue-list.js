"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseQueueList = parseQueueList;
const queue_partition_1 = require("../domain/queue-partition");
/**
 * Reads `QUEUES=default:12,emails`: a name, optionally followed by `:N`, its partition count
 * (1 to MAX_QUEUE_PARTITIONS). A final `:<digits>` is always the count. A queue named twice keeps
 * its first place; two different counts for one queue are refused.
 */
function parseQueueList(value, defaultPartitions) {
    const names = [];
    const partitions = new Map();
    for (const entry of value.split(',')) {
        const match = /^(.+):([0-9]+)$/.exec(entry);
        const name = match ? match[1] : entry;
        const count = match ? Number(match[2]) : undefined;
        if (count !== undefined && (count < 1 || count > queue_partition_1.MAX_QUEUE_PARTITIONS)) {
            throw new Error(`QUEUES: ${entry}: a queue's partition count must be 1 to ${queue_partition_1.MAX_QUEUE_PARTITIONS}`);
        }
        const known = partitions.get(name);
        if (known === undefined) {
            names.push(name);
            partitions.set(name, count ?? defaultPartitions);
        }
        else if (count !== undefined && count !== known) {
            throw new Error(`QUEUES: ${name} is given ${known} and ${count} partitions`);
        }
    }
    return { names, partitions };
}
//# sourceMappingURL=queue-list.js.map