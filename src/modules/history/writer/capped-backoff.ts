/** Waits that double from `initialMs` up to `maxMs`, reset by a success. */
export class CappedBackoff {
  private next: number;

  constructor(
    private readonly initialMs: number,
    private readonly maxMs: number,
  ) {
    this.next = initialMs;
  }

  /** The next wait, doubling the one after (with up to 20% jitter so writers do not align). */
  take(): number {
    const wait = this.next;
    this.next = Math.min(this.next * 2, this.maxMs);
    return Math.round(wait * (0.8 + Math.random() * 0.2));
  }

  reset(): void {
    this.next = this.initialMs;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
