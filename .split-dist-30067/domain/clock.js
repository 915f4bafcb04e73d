"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ManualClock = exports.CLOCK = exports.systemClock = void 0;
exports.systemClock = { now: () => Date.now() };
/**
 * The injection token of the one clock every claimq part reads (QueueModule binds systemClock; a
 * test binds a ManualClock with overrideProvider(CLOCK)).
 */
exports.CLOCK = Symbol('claimq.Clock');
/** A clock tests move by hand. */
class ManualClock {
    current;
    constructor(current = Date.now()) {
        this.current = current;
    }
    now() {
        return this.current;
    }
    advance(ms) {
        this.current += ms;
    }
    set(ms) {
        this.current = ms;
    }
}
exports.ManualClock = ManualClock;
//# sourceMappingURL=clock.js.map