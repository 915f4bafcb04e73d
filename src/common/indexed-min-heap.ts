/** An item that knows its place in the heap, so it can be removed in O(log n). -1: not in a heap. */
export interface HeapItem {
  at: number;
  heapIndex: number;
}

/** Binary min-heap on `at`, with removal of any item (a finished job drops its deadline at once). */
export class IndexedMinHeap<T extends HeapItem> {
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    item.heapIndex = this.items.length;
    this.items.push(item);
    this.up(item.heapIndex);
  }

  pop(): T | undefined {
    const top = this.items[0];
    if (top) this.remove(top);
    return top;
  }

  remove(item: T): void {
    const i = item.heapIndex;
    if (i < 0 || this.items[i] !== item) return;
    const last = this.items.pop() as T;
    item.heapIndex = -1;
    if (i === this.items.length) return;
    this.items[i] = last;
    last.heapIndex = i;
    this.down(i);
    this.up(last.heapIndex);
  }

  private up(i: number): void {
    const items = this.items;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent].at <= items[i].at) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const items = this.items;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < items.length && items[left].at < items[smallest].at) smallest = left;
      if (right < items.length && items[right].at < items[smallest].at) smallest = right;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }

  private swap(a: number, b: number): void {
    const items = this.items;
    const t = items[a];
    items[a] = items[b];
    items[b] = t;
    items[a].heapIndex = a;
    items[b].heapIndex = b;
  }
}
