"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_QUEUE_PARTITIONS = exports.PARTITION_SEPARATOR = void 0;
exports.partitionName = partitionName;
exports.parsePartitionName = parsePartitionName;
exports.queueOfPartition = queueOfPartition;
exports.jumpHash = jumpHash;
exports.hashKey = hashKey;
exports.keyHome = keyHome;
const job_1 = require("./job");
/**
 * Partitions of a queue. A queue of N partitions keeps each under a hash tag of its own, so on a
 * Redis Cluster its slots (and so its masters) differ. Partition 0 is the queue's own name, so a
 * queue of one partition is stored exactly as before partitions existed; every other partition
 * is named `<queue>~<k>`. `~` is not allowed in queue names, so a partition name never collides
 * with a queue. A job id starts with its partition's name (job-id.ts): the id alone finds its keys.
 */
exports.PARTITION_SEPARATOR = '~';
/** QUEUE_PARTITIONS and `QUEUES=name:N`: most partitions one queue may have. */
exports.MAX_QUEUE_PARTITIONS = 64;
const SUFFIX_PATTERN = /^[1-9][0-9]{0,5}$/;
/** The stored name of the partition with suffix `k` (0: the queue itself). */
function partitionName(queue, k) {
    return k === 0 ? queue : `${queue}${exports.PARTITION_SEPARATOR}${k}`;
}
/** The queue and suffix of a partition's name, or undefined when `name` names neither a queue nor a partition. */
function parsePartitionName(name) {
    const at = name.indexOf(exports.PARTITION_SEPARATOR);
    if (at < 0)
        return job_1.NAME_PATTERN.test(name) ? { queue: name, k: 0 } : undefined;
    const queue = name.slice(0, at);
    const suffix = name.slice(at + 1);
    if (!job_1.NAME_PATTERN.test(queue) || !SUFFIX_PATTERN.test(suffix))
        return undefined;
    return { queue, k: Number(suffix) };
}
/** The queue a partition's name belongs to (a queue's own name is its partition 0). */
function queueOfPartition(name) {
    const at = name.indexOf(exports.PARTITION_SEPARATOR);
    return at < 0 ? name : name.slice(0, at);
}
/**
 * Jump consistent hash (Lamping and Veach, 2014) of a 32-bit key into `buckets`: when the count
 * grows from n to m, only the keys that must move (about (m - n) / m of them) move, and only to
 * the new buckets. Used for idempotency keys, so raising a queue's partition count moves few keys.
 */
function jumpHash(key, buckets) {
    let b = -1;
    let j = 0;
    // a 64-bit LCG in two 32-bit halves would be exact; a 53-bit-safe variant is enough here
    let state = BigInt.asUintN(64, BigInt(key >>> 0) * 0x9e3779b97f4a7c15n);
    while (j < buckets) {
        b = j;
        state = BigInt.asUintN(64, state * 2862933555777941757n + 1n);
        j = Math.floor(((b + 1) * 2 ** 31) / Number((state >> 33n) + 1n));
    }
    return b;
}
/** FNV-1a of a string's UTF-16 code units, 32 bits: spreads idempotency keys for jumpHash. */
function hashKey(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
    }
    return h >>> 0;
}
/** The partition index an idempotency key belongs to among `count` partitions. */
function keyHome(key, count) {
    return count <= 1 ? 0 : jumpHash(hashKey(key), count);
}
//# sourceMappingURL=queue-partition.js.map