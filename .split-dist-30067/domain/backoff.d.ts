import { BackoffOptions } from './job';
/**
 * Delay before the next attempt after `attempt` failed attempts (attempt >= 1).
 * Exponential: delayMs * 2^(attempt-1), with "equal jitter" (half fixed, half random) so a burst
 * of failures does not retry in lockstep; always capped by maxDelayMs.
 * `random` is injectable so tests are deterministic.
 */
export declare function backoffDelay(backoff: BackoffOptions, attempt: number, random?: () => number): number;
