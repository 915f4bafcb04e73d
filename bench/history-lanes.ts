/**
 * Job events as the history writer reads them, made up for the history benches: each lane is one
 * queue partition's stream (its own positions), with ids of that partition.
 */
import { JobEvent } from '../src/domain/job-event';
import { newJobId } from '../src/domain/job-id';
import { eventVersion } from '../src/modules/queue/events/event-version';
import { SourcedJobEvent } from '../src/modules/queue/events/job-event-source';

export const WORKER = 'bench-host-4242-9f3c1a';

export type Kind = 'noop' | 'http';

/** One queue's lane: a stream of its own (versions), ids of its queue partition. */
export class Lane {
  private seq = 0;
  constructor(
    readonly queue: string,
    readonly partition: string,
  ) {}

  /** Ids of jobs created at `at` (or now). */
  ids(n: number, at?: number): string[] {
    return Array.from({ length: n }, () => newJobId(this.partition, at ?? Date.now()));
  }

  /** One stream entry holding one event per id (a bulk enqueue, a batch claim, a batch completion). */
  entry(ids: readonly string[], at: number, make: (id: string) => Omit<JobEvent, 'id' | 'at'>): SourcedJobEvent[] {
    const ms = Date.now();
    const seq = this.seq++;
    return ids.map((id, i) => ({ queue: this.queue, version: eventVersion(ms, seq, i), event: { ...make(id), id, at } as JobEvent }));
  }

  enqueued(ids: readonly string[], at: number, type: Kind): SourcedJobEvent[] {
    return this.entry(ids, at, () => ({ k: 'enqueued', st: 'pending', att: 0, type, prio: 0, ctime: at, max: 3 }));
  }

  claimed(ids: readonly string[], at: number): SourcedJobEvent[] {
    return this.entry(ids, at, () => ({ k: 'claimed', st: 'running', att: 1, w: WORKER, run: 1 }));
  }

  succeeded(ids: readonly string[], at: number, type: Kind): SourcedJobEvent[] {
    return this.entry(ids, at, () => ({ k: 'succeeded', st: 'succeeded', att: 1, w: WORKER, run: 1, res: type === 'http' ? httpResult() : 'null' }));
  }

  /** All three events of `ids` in one batch: the writer folds each job into one row. */
  whole(ids: readonly string[], at: number, type: Kind): SourcedJobEvent[] {
    return [...this.enqueued(ids, at, type), ...this.claimed(ids, at + 2), ...this.succeeded(ids, at + 5, type)];
  }
}

export const lanes = (n: number, queue = 'bench') => Array.from({ length: n }, (_, k) => new Lane(queue, k === 0 ? queue : `${queue}~${k}`));

/** A ~1 KB JSON body, different for every job, as an HTTP handler's result holds it. */
function httpResult(): string {
  const hex = (bytes: number) => Array.from({ length: bytes }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0')).join('');
  const body = {
    id: `ord_${hex(8)}`,
    status: 'confirmed',
    customer: { id: `cus_${hex(6)}`, email: `user${Math.floor(Math.random() * 1e6)}@example.com`, country: 'DE' },
    lines: Array.from({ length: 10 }, (_, i) => ({ sku: `SKU-${hex(4)}`, name: `Item number ${i + 1}`, qty: 1 + (i % 3), unitPrice: 1999 + i * 100 })),
    total: 14394,
    currency: 'EUR',
    createdAt: new Date().toISOString(),
    trace: hex(32),
  };
  return JSON.stringify({ status: 200, body });
}
