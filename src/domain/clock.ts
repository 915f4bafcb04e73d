/** Time is injected so tests of leases, delays and backoff need not sleep. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * The injection token of the one clock every claimq part reads (QueueModule binds systemClock; a
 * test binds a ManualClock with overrideProvider(CLOCK)).
 */
export const CLOCK = Symbol('claimq.Clock');

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current = Date.now()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}
