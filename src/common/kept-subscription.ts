/** Ends a subscription. */
export type Unsubscribe = () => Promise<void>;

/** Between tries to subscribe again after subscribing failed. */
export const RESUBSCRIBE_MS = 5_000;

export interface KeptSubscriptionOptions {
  /** Told of each failed try, with the wait before the next. */
  onError: (error: unknown, retryMs: number) => void;
  retryMs?: number;
}

/**
 * A subscription kept from start() to stop(): when subscribing fails (the store down at boot, say),
 * it is tried again every RESUBSCRIBE_MS until it holds or stop() is called. What listens for
 * cancels (a worker process, the remote workers' cancel polls) keeps one this way; the heartbeat
 * tells a running job of its cancel meanwhile.
 */
export class KeptSubscription {
  private unsubscribe: Unsubscribe | undefined;
  private retry: NodeJS.Timeout | undefined;
  private trying: Promise<void> | undefined;
  private state: 'created' | 'started' | 'stopped' = 'created';

  constructor(
    private readonly subscribe: () => Promise<Unsubscribe>,
    private readonly options: KeptSubscriptionOptions,
  ) {}

  /** Whether the subscription holds now (false until subscribed, while trying again, and once stopped). */
  get listening(): boolean {
    return this.unsubscribe !== undefined;
  }

  start(): void {
    if (this.state !== 'created') return;
    this.state = 'started';
    this.trying = this.attempt();
  }

  /** Ends the subscription, or the tries (one under way is ended once it holds). */
  async stop(): Promise<void> {
    this.state = 'stopped';
    clearTimeout(this.retry);
    await this.trying;
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.();
  }

  private async attempt(): Promise<void> {
    if (this.state !== 'started') return;
    try {
      const unsubscribe = await this.subscribe();
      if (this.state === 'started') this.unsubscribe = unsubscribe;
      else await unsubscribe();
    } catch (error) {
      if (this.state !== 'started') return;
      const retryMs = this.options.retryMs ?? RESUBSCRIBE_MS;
      this.options.onError(error, retryMs);
      this.retry = setTimeout(() => {
        this.trying = this.attempt();
      }, retryMs);
      this.retry.unref();
    }
  }
}
