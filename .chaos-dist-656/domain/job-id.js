"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newJobId = newJobId;
exports.queueOfJobId = queueOfJobId;
const node_crypto_1 = require("node:crypto");
const job_1 = require("./job");
/**
 * Job ids carry their queue: `<queue>-<time><random>`. The queue decides the Redis hash slot,
 * so `GET /jobs/:id` reaches the job's keys without a lookup table or a scan. The tail is
 * Crockford base32 (no '-'), so the queue is everything before the last '-'. Ids sort by
 * creation time within a queue.
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
function newJobId(queue, now = Date.now()) {
    const bytes = (0, node_crypto_1.randomBytes)(10);
    let tail = '';
    for (let i = 0; i < 10; i++)
        tail += ALPHABET[bytes[i] & 31];
    return `${queue}-${encodeTime(now)}${tail}`;
}
/** The queue of a job id, or undefined when the id is not one claimq made. */
function queueOfJobId(id) {
    const dash = id.lastIndexOf('-');
    if (dash <= 0)
        return undefined;
    const queue = id.slice(0, dash);
    const tail = id.slice(dash + 1);
    if (!TAIL_PATTERN.test(tail) || !job_1.NAME_PATTERN.test(queue))
        return undefined;
    return queue;
}
//# sourceMappingURL=job-id.js.map