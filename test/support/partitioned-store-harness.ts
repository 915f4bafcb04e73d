import { JobEngine } from '../../src/modules/queue/job-engine';
import { PartitionableEngine, PartitionedEngine } from '../../src/modules/queue/partitions/partitioned-engine';
import { MakeStoreHarness } from '../contract/store-harness';

/**
 * The harness of `make`, with every queue spread over `partitions` partitions: the store under
 * test is a PartitionedEngine over the harness's store, each peer one of its own (another
 * instance of the fleet), reading the same layout.
 */
export function partitionedHarness(make: MakeStoreHarness, partitions: number): MakeStoreHarness {
  return async () => {
    const h = await make();
    const wrap = (store: JobEngine): PartitionedEngine =>
      new PartitionedEngine(store as PartitionableEngine, { clock: h.clock, partitionsOf: () => partitions });
    const store = wrap(h.store);
    return {
      store,
      partitions,
      clock: h.clock,
      corruptJob: h.corruptJob,
      peer: async () => wrap(await h.peer()),
      storeWith: async (options) => wrap(await h.storeWith(options)),
      // each partition's events in order, partition after partition (a job's are all in one)
      takeEvents: async (queue) => {
        const layout = await store.layout(queue);
        const events = [];
        for (const name of layout.names) events.push(...(await h.takeEvents(name)));
        return events;
      },
      cleanup: h.cleanup,
    };
  };
}
