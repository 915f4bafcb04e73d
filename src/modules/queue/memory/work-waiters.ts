/**
 * Parked `waitForWork` calls of one queue. A wake resolves them all (spurious wake-ups are
 * allowed by the contract); each wait also ends on its timeout or its AbortSignal. No polling.
 * A wake that finds nobody waiting is remembered for the next wait, as the Redis store's wake
 * list keeps its token: work enqueued between a worker's empty claim and its wait is not missed.
 */
export class WorkWaiters {
  private readonly waiting = new Set<(woken: boolean) => void>();
  private missedWake = false;

  get size(): number {
    return this.waiting.size;
  }

  /** Resolves true when a wake ended the wait, false on its timeout or abort. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (this.missedWake) {
      this.missedWake = false;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const done = (woken: boolean): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        this.waiting.delete(done);
        resolve(woken);
      };
      const aborted = (): void => done(false);
      const timer = setTimeout(aborted, Math.max(0, timeoutMs));
      signal?.addEventListener('abort', aborted, { once: true });
      this.waiting.add(done);
    });
  }

  wakeAll(): void {
    if (this.waiting.size === 0) {
      this.missedWake = true;
      return;
    }
    for (const done of [...this.waiting]) done(true);
  }
}
