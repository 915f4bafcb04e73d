import { BeeQueueSystem } from './beequeue-system';
import { BenchSystem } from './bench-system';
import { BullmqSystem } from './bullmq-system';
import { ClaimqSystem } from './claimq-system';

/**
 * `claimq` runs with SUCCEEDED_RETENTION_MS=0 (completed jobs deleted), as BullMQ and Bee-Queue
 * run with removeOnComplete / removeOnSuccess; `claimq_retained` with the service default
 * (completed jobs kept 24 h), which bench:compare shows in its table but not in its JSON line.
 */
export const SYSTEM_NAMES = ['claimq', 'claimq_retained', 'bullmq', 'beequeue'] as const;
export type SystemName = (typeof SYSTEM_NAMES)[number];

export function isSystemName(name: string): name is SystemName {
  return (SYSTEM_NAMES as readonly string[]).includes(name);
}

/** A fresh client set of one system for the bench's private redis-server. */
export function createSystem(name: SystemName, port: number): BenchSystem {
  switch (name) {
    case 'claimq':
      return new ClaimqSystem(`redis://127.0.0.1:${port}`, { name, deleteSucceeded: true });
    case 'claimq_retained':
      return new ClaimqSystem(`redis://127.0.0.1:${port}`, { name, deleteSucceeded: false });
    case 'bullmq':
      return new BullmqSystem(port);
    case 'beequeue':
      return new BeeQueueSystem(port);
  }
}
