"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryGroup = void 0;
const fairness_1 = require("../../../domain/fairness");
const binary_heap_1 = require("./binary-heap");
/** One group of a queue: its pending jobs (priority, then FIFO), its counts, settings and bucket. */
class MemoryGroup {
    name;
    /** Jobs of the group in pending (the heap may also hold dead refs). */
    pending = 0;
    running = 0;
    concurrency = null;
    rateLimit = null;
    paused = false;
    /** The group's bucket (fairness.ts): undefined is full. */
    tat;
    place = 'out';
    /** Bumped whenever the group is placed anew: round and throttle refs of another version are dead. */
    version = 0;
    /** In the round: the priority of its best pending job, and the turn it took. */
    tier = 0;
    turn = 0;
    jobs = new binary_heap_1.BinaryHeap((a, b) => a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq));
    constructor(name) {
        this.name = name;
    }
    /** Whether anything was set on the group (such a group is remembered while it holds no job). */
    get hasSettings() {
        return this.concurrency !== null || this.rateLimit !== null || this.paused;
    }
    /** Jobs the group's rate limit lets start at `now` (no limit: any number). */
    tokens(now) {
        return this.rateLimit === null ? Number.POSITIVE_INFINITY : (0, fairness_1.tokensAvailable)(this.tat, this.rateLimit, now);
    }
}
exports.MemoryGroup = MemoryGroup;
//# sourceMappingURL=memory-group.js.map