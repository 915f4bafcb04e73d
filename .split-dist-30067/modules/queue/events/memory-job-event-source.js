"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryJobEventSource = void 0;
const clock_1 = require("../../../domain/clock");
const event_version_1 = require("./event-version");
const job_event_source_1 = require("./job-event-source");
const MAX_SEQ = 1_000_000;
/**
 * Reads the memory store's event log. `take` removes events from the log, so the writer keeps a
 * batch and retries it until stored; events still in flight when the process stops are lost with
 * the rest of the memory store. Positions mimic stream ids (time, then a counter), so they grow
 * across the process's life.
 */
class MemoryJobEventSource extends job_event_source_1.JobEventSource {
    log;
    name = 'memory';
    lastMs = 0;
    seq = 0;
    closed = false;
    wake;
    pollMs;
    clock;
    constructor(log, options = {}) {
        super();
        this.log = log;
        this.pollMs = options.pollMs ?? 200;
        this.clock = options.clock ?? clock_1.systemClock;
    }
    async read(max, waitMs) {
        if (this.log.size === 0 && !this.closed)
            await this.pause(Math.min(waitMs ?? this.pollMs, this.pollMs));
        const taken = this.closed ? [] : this.log.take(max);
        const events = taken.map(({ queue, event }) => ({ queue, event, version: this.nextVersion() }));
        // the gaps go with this batch: the writer keeps it until stored, so they are stored once
        const gaps = this.closed ? [] : this.log.takeGaps();
        return { events, gaps, entries: events.length + gaps.length, receipt: undefined };
    }
    async ack() {
        // take() already removed them.
    }
    async close() {
        this.closed = true;
        this.wake?.();
    }
    nextVersion() {
        let now = Math.max(this.clock.now(), this.lastMs);
        this.seq = now === this.lastMs ? this.seq + 1 : 0;
        if (this.seq >= MAX_SEQ) {
            now += 1; // a stopped (test) clock: borrow the next millisecond rather than overflow seq
            this.seq = 0;
        }
        this.lastMs = now;
        return (0, event_version_1.eventVersion)(now, this.seq, 0);
    }
    pause(ms) {
        return new Promise((resolve) => {
            const timer = setTimeout(done, ms);
            const self = this;
            function done() {
                clearTimeout(timer);
                self.wake = undefined;
                resolve();
            }
            this.wake = done;
        });
    }
}
exports.MemoryJobEventSource = MemoryJobEventSource;
//# sourceMappingURL=memory-job-event-source.js.map