"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DeadlineTimer = void 0;
const clock_1 = require("../../domain/clock");
const indexed_min_heap_1 = require("../../common/indexed-min-heap");
/** setTimeout's limit; a longer deadline just re-arms when the timer fires early. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * One timer for every running job's deadline: the deadlines sit in a min-heap and a single
 * setTimeout is armed for the earliest. Adding or cancelling a deadline is O(log n) and creates
 * no timer (a per-job setTimeout would cost a timer object and a timer-list entry per job).
 */
class DeadlineTimer {
    clock;
    heap = new indexed_min_heap_1.IndexedMinHeap();
    timer;
    timerAt = Number.POSITIVE_INFINITY;
    constructor(clock = clock_1.systemClock) {
        this.clock = clock;
    }
    get size() {
        return this.heap.size;
    }
    add(at, fire) {
        const deadline = { at, fire, heapIndex: -1 };
        this.heap.push(deadline);
        if (at < this.timerAt)
            this.arm();
        return deadline;
    }
    /** An armed timer for a cancelled deadline is left to fire and re-arm: cheaper than re-arming now. */
    cancel(deadline) {
        this.heap.remove(deadline);
        if (this.heap.size === 0)
            this.disarm();
    }
    stop() {
        this.disarm();
    }
    arm() {
        this.disarm();
        const top = this.heap.peek();
        if (!top)
            return;
        const delay = Math.min(MAX_TIMER_MS, Math.max(0, top.at - this.clock.now()));
        this.timerAt = top.at;
        this.timer = setTimeout(this.onTimer, delay);
        this.timer.unref();
    }
    disarm() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
    }
    onTimer = () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        const now = this.clock.now();
        for (let top = this.heap.peek(); top && top.at <= now; top = this.heap.peek()) {
            this.heap.pop();
            top.fire();
        }
        this.arm();
    };
}
exports.DeadlineTimer = DeadlineTimer;
//# sourceMappingURL=deadline-timer.js.map