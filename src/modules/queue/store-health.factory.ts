import { AppConfig } from '../../config/app-config';
import { JobStore } from './job-store';
import { InProcessStoreHealth, isPingableStore, StoreHealth } from './store-health';

class PingingStoreHealth extends StoreHealth {
  constructor(
    readonly name: string,
    private readonly store: { ping(): Promise<void> },
  ) {
    super();
  }

  ping(): Promise<void> {
    return this.store.ping();
  }
}

/** Redis answers pings over the store's own connection; the memory store is up with the process. */
export function createStoreHealth(config: AppConfig, store: JobStore): StoreHealth {
  return isPingableStore(store) ? new PingingStoreHealth(config.jobStore, store) : new InProcessStoreHealth(config.jobStore);
}
