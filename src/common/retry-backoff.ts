import { backoffDelay } from '../domain/backoff';

/** Capped exponential delays with jitter for retrying store calls; reset after a success. */
export class RetryBackoff {
  private attempt = 0;

  constructor(
    private readonly baseMs: number,
    private readonly maxMs: number,
  ) {}

  /** How many failures in a row so far. */
  get failures(): number {
    return this.attempt;
  }

  next(): number {
    this.attempt = Math.min(this.attempt + 1, 50);
    return backoffDelay({ strategy: 'exponential', delayMs: this.baseMs, maxDelayMs: this.maxMs }, this.attempt);
  }

  reset(): void {
    this.attempt = 0;
  }
}
