/**
 * The prom-client children of one metric, cached per (queue, type) in nested maps: after a
 * label pair's first use, a lookup allocates nothing (no joined key string, no labels object),
 * which is what lets the worker's hot path count every job.
 */
export class LabelledChildren<T> {
  private readonly byQueue = new Map<string, Map<string, T>>();

  constructor(private readonly create: (queue: string, type: string) => T) {}

  get(queue: string, type: string): T {
    let byType = this.byQueue.get(queue);
    if (!byType) this.byQueue.set(queue, (byType = new Map()));
    let child = byType.get(type);
    if (!child) byType.set(type, (child = this.create(queue, type)));
    return child;
  }
}
