import { MemoryJobRecord } from '../../src/modules/queue/memory/memory-job-record';

/** The damage the test seam can do; mirrors the contract harness's `Corruption`. */
export type MemoryCorruption = 'missing-fields' | 'bad-numbers' | 'deleted';

/** Damages a record in place ('deleted' is handled by the store, which owns the map). */
export function damageRecord(record: MemoryJobRecord, how: Exclude<MemoryCorruption, 'deleted'>): void {
  const loose = record as unknown as Record<string, unknown>;
  if (how === 'missing-fields') {
    for (const field of ['type', 'status', 'attempts', 'maxAttempts', 'priority']) delete loose[field];
  } else {
    for (const field of ['attempts', 'maxAttempts', 'priority', 'token']) loose[field] = 'not-a-number';
  }
}
