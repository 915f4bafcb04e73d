"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newJobId = newJobId;
exports.queueOfJobId = queueOfJobId;
exports.withPartition = withPartition;
exports.idTail = idTail;
exports.timeOfJobId = timeOfJobId;
const node_crypto_1 = require("node:crypto");
const queue_partition_1 = require("./queue-partition");
/**
 * Job ids carry their queue's partition: `<queue>-<time><random>`, or `<queue>~<k>-...` for a
 * partition other than the first (queue-partition.ts). The partition decides the Redis hash slot,
 * so `GET /jobs/:id` reaches the job's keys without a lookup table or a scan. The tail is
 * Crockford base32 (no '-'), so the partition is everything before the last '-'. Ids sort by
 * creation time within a partition.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TAIL_PATTERN = /^[0-9A-HJKMNP-TV-Z]{20}$/;
function encodeTime(ms) {
    let out = '';
    for (let i = 0; i < 10; i++) {
        out = ALPHABET[ms % 32] + out;
        ms = Math.floor(ms / 32);
    }
    return out;
}
// Random bytes drawn 4 KB at a time (one randomFillSync per ~400 ids instead of one per id).
const POOL = Buffer.alloc(4096);
let poolPos = POOL.length;
function newJobId(queue, now = Date.now()) {
    if (poolPos + 10 > POOL.length) {
        (0, node_crypto_1.randomFillSync)(POOL);
        poolPos = 0;
    }
    let tail = '';
    for (let i = poolPos, end = poolPos + 10; i < end; i++)
        tail += ALPHABET[POOL[i] & 31];
    poolPos += 10;
    return `${queue}-${encodeTime(now)}${tail}`;
}
/**
 * The partition of a job id as stored (`<queue>` or `<queue>~<k>`), or undefined when the id is
 * not one claimq made. queueOfPartition (queue-partition.ts) gives its queue.
 */
function queueOfJobId(id) {
    const dash = id.lastIndexOf('-');
    if (dash <= 0)
        return undefined;
    const partition = id.slice(0, dash);
    const tail = id.slice(dash + 1);
    if (!TAIL_PATTERN.test(tail) || (0, queue_partition_1.parsePartitionName)(partition) === undefined)
        return undefined;
    return partition;
}
/** The same id moved to another partition of its queue: its time and random tail kept. */
function withPartition(id, partition) {
    return `${partition}${idTail(id)}`;
}
/** The part of an id that stays when it moves to another partition (withPartition): `-<time><random>`. */
function idTail(id) {
    return id.slice(id.lastIndexOf('-'));
}
const ID_TIME_PATTERN = /-([0-9A-HJKMNP-TV-Z]{20})$/;
/**
 * The creation time a job (or execution) id carries, in epoch ms: the first 10 characters of its
 * tail (newJobId). Undefined for an id claimq did not make. History partitions its tables by this
 * time because every event of a job can compute it from the id alone (SQL twin: claimq_id_time,
 * in the history migration that partitions the tables).
 */
function timeOfJobId(id) {
    const m = ID_TIME_PATTERN.exec(id);
    if (!m)
        return undefined;
    let ms = 0;
    for (let i = 0; i < 10; i++)
        ms = ms * 32 + ALPHABET.indexOf(m[1][i]);
    return ms;
}
//# sourceMappingURL=job-id.js.map