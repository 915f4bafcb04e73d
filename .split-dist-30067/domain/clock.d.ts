/** Time is injected so tests of leases, delays and backoff need not sleep. */
export interface Clock {
    now(): number;
}
export declare const systemClock: Clock;
/**
 * The injection token of the one clock every claimq part reads (QueueModule binds systemClock; a
 * test binds a ManualClock with overrideProvider(CLOCK)).
 */
export declare const CLOCK: unique symbol;
/** A clock tests move by hand. */
export declare class ManualClock implements Clock {
    private current;
    constructor(current?: number);
    now(): number;
    advance(ms: number): void;
    set(ms: number): void;
}
