/** The type label of every (queue, type) pair past a metric's cap. */
export const OVERFLOW_TYPE = 'other';
/** Distinct (queue, type) pairs one metric labels before new types become `other`. */
export const DEFAULT_MAX_LABEL_PAIRS = 200;

/**
 * The prom-client children of one metric, cached per (queue, type) in nested maps: after a
 * label pair's first use, a lookup allocates nothing (no joined key string, no labels object),
 * which is what lets the worker's hot path count every job.
 *
 * Types come from clients, so the pairs are capped: once `maxPairs` are labelled, a new type
 * counts under (queue, "other"). Memory and series then stay bounded by the cap plus one
 * overflow child per queue (queues are bounded by QUEUES).
 */
export class LabelledChildren<T> {
  private readonly byQueue = new Map<string, Map<string, T>>();
  private readonly overflowByQueue = new Map<string, T>();
  private pairs = 0;

  constructor(
    private readonly create: (queue: string, type: string) => T,
    private readonly maxPairs = DEFAULT_MAX_LABEL_PAIRS,
  ) {}

  get(queue: string, type: string): T {
    let byType = this.byQueue.get(queue);
    const known = byType?.get(type);
    if (known !== undefined) return known;
    if (this.pairs >= this.maxPairs) return this.overflow(queue);
    if (!byType) this.byQueue.set(queue, (byType = new Map()));
    const child = this.create(queue, type);
    byType.set(type, child);
    this.pairs++;
    return child;
  }

  private overflow(queue: string): T {
    let child = this.overflowByQueue.get(queue);
    if (child === undefined) this.overflowByQueue.set(queue, (child = this.create(queue, OVERFLOW_TYPE)));
    return child;
  }
}
