/** The clock JobsService stamps enqueues with (systemClock; tests override it with a ManualClock). */
export const JOBS_CLOCK = Symbol('JOBS_CLOCK');
