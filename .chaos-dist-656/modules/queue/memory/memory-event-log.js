"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryEventLog = exports.DEFAULT_EVENTS_MAX_LEN = void 0;
exports.DEFAULT_EVENTS_MAX_LEN = 100_000;
/**
 * The memory store's outbox: a bounded FIFO of job events that the history writer drains.
 * When full, the oldest events are dropped (as Redis `XADD MAXLEN` trims a stream) and counted,
 * so a missing consumer costs history, never memory or job throughput.
 */
class MemoryEventLog {
    maxLen;
    ring;
    head = 0;
    length = 0;
    droppedCount = 0;
    constructor(maxLen = exports.DEFAULT_EVENTS_MAX_LEN) {
        this.maxLen = maxLen;
        if (!Number.isInteger(maxLen) || maxLen < 1)
            throw new RangeError(`eventsMaxLen must be a positive integer, got ${maxLen}`);
        this.ring = new Array(maxLen);
    }
    get size() {
        return this.length;
    }
    /** Events dropped because the log was full. */
    get dropped() {
        return this.droppedCount;
    }
    append(queue, events) {
        for (const event of events) {
            if (this.length === this.maxLen) {
                this.head = (this.head + 1) % this.maxLen;
                this.length--;
                this.droppedCount++;
            }
            this.ring[(this.head + this.length) % this.maxLen] = { queue, event };
            this.length++;
        }
    }
    /** Removes and returns up to `max` events, oldest first. */
    take(max) {
        const n = Math.max(0, Math.min(Math.floor(max), this.length));
        const out = new Array(n);
        for (let i = 0; i < n; i++) {
            out[i] = this.ring[this.head];
            this.ring[this.head] = undefined;
            this.head = (this.head + 1) % this.maxLen;
        }
        this.length -= n;
        return out;
    }
}
exports.MemoryEventLog = MemoryEventLog;
//# sourceMappingURL=memory-event-log.js.map