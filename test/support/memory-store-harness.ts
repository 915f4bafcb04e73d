import { ManualClock } from '../../src/domain/clock';
import { QueuedJobEvent } from '../../src/modules/queue/memory/memory-event-log';
import { MemoryEngine } from '../../src/modules/queue/memory/memory-engine';
import { ContractStoreOptions, MakeStoreHarness } from '../contract/store-harness';
import { damageRecord, MemoryCorruption } from './memory-corruption';

/**
 * The memory store with the contract's test seam, kept out of the store itself (it is public API):
 * damages a job's record the way a bug or a partial write could; 'deleted' removes the record but
 * leaves its id in the indexes.
 */
export class DamageableMemoryEngine extends MemoryEngine {
  corrupt(id: string, how: MemoryCorruption): void {
    const { q, entry } = this.state.requireEntry(id);
    if (how === 'deleted') q.jobs.delete(id);
    else damageRecord(entry.record, how);
  }
}

/** The contract harness for MemoryEngine: one process, so every peer is the same instance. */
export const makeMemoryStoreHarness: MakeStoreHarness = async () => {
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const store = new DamageableMemoryEngine({ clock });
  const others: MemoryEngine[] = [];
  // the log is one for every queue: what one call takes of other queues waits here for their call
  // (a partitioned harness asks partition after partition)
  let held: QueuedJobEvent[] = [];
  return {
    store,
    clock,
    corruptJob: async (id, how) => store.corrupt(id, how),
    peer: async () => store,
    storeWith: async (options: ContractStoreOptions) => {
      const other = new MemoryEngine({ clock, ...options });
      others.push(other);
      return other;
    },
    takeEvents: async (queue: string) => {
      const all = [...held, ...store.events.take(Number.MAX_SAFE_INTEGER)];
      held = all.filter((e) => e.queue !== queue);
      return all.filter((e) => e.queue === queue).map((e) => e.event);
    },
    cleanup: async () => {
      await Promise.all([store, ...others].map((s) => s.close()));
    },
  };
};
