/**
 * Whether the job store can serve requests now, for readiness probes: each engine provides its own
 * (JobEngine.health), and QueueModule binds it for the health module. `ping` resolves when the store
 * answered and rejects (StoreUnavailableError) when it did not.
 */
export abstract class StoreHealth {
  /** The indicator's name in health reports: `redis`, `memory`. */
  abstract readonly name: string;

  abstract ping(): Promise<void>;

  /**
   * After a ping answered: details for the readiness report, and a reason when the store answers
   * but must not take traffic (a Redis that may evict job keys). Default: nothing to add.
   */
  async settings(): Promise<{ details: Record<string, unknown>; unfit?: string }> {
    return { details: {} };
  }

  /** Checks at start that the store can run claimq at all; throws the reason when it cannot. Default: nothing. */
  async checkAtStart(): Promise<void> {}
}

/** A store in this process (memory) is up as long as the process is. */
export class InProcessStoreHealth extends StoreHealth {
  constructor(readonly name: string) {
    super();
  }

  async ping(): Promise<void> {}
}
