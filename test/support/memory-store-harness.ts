import { ManualClock } from '../../src/domain/clock';
import { MemoryJobStore } from '../../src/modules/queue/memory/memory-job-store';
import { ContractStoreOptions, MakeStoreHarness } from '../contract/store-harness';

/** The contract harness for MemoryJobStore: one process, so every peer is the same instance. */
export const makeMemoryStoreHarness: MakeStoreHarness = async () => {
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const store = new MemoryJobStore({ clock });
  const others: MemoryJobStore[] = [];
  return {
    store,
    clock,
    corruptJob: async (id, how) => store.corruptRecordForTest(id, how),
    peer: async () => store,
    storeWith: async (options: ContractStoreOptions) => {
      const other = new MemoryJobStore({ clock, ...options });
      others.push(other);
      return other;
    },
    takeEvents: async (queue: string) =>
      store.events
        .take(Number.MAX_SAFE_INTEGER)
        .filter((e) => e.queue === queue)
        .map((e) => e.event),
    cleanup: async () => {
      await Promise.all([store, ...others].map((s) => s.close()));
    },
  };
};
