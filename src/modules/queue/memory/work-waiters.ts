/**
 * Parked `waitForWork` calls of one queue. A wake resolves them all (spurious wake-ups are
 * allowed by the contract); each wait also ends on its timeout or its AbortSignal. No polling.
 * A wake that finds nobody waiting is remembered for the next wait, as the Redis store's wake
 * list keeps its token: work enqueued between a worker's empty claim and its wait is not missed.
 */
export class WorkWaiters {
  private readonly waiting = new Set<() => void>();
  private missedWake = false;

  get size(): number {
    return this.waiting.size;
  }

  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.resolve();
    if (this.missedWake) {
      this.missedWake = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      signal?.addEventListener('abort', done, { once: true });
      this.waiting.add(done);
    });
  }

  wakeAll(): void {
    if (this.waiting.size === 0) {
      this.missedWake = true;
      return;
    }
    for (const done of [...this.waiting]) done();
  }
}
