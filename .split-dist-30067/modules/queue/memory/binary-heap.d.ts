/**
 * A binary min-heap under a caller's ordering (`before(a, b)` is true when a comes out first).
 * The memory store deletes lazily: stale entries stay until popped or compacted, and the caller
 * tells which entries are still live.
 */
export declare class BinaryHeap<T> {
    private readonly before;
    private items;
    constructor(before: (a: T, b: T) => boolean);
    get size(): number;
    push(item: T): void;
    peek(): T | undefined;
    pop(): T | undefined;
    /** Drops every entry `isLive` rejects and restores heap order: O(n). */
    compact(isLive: (item: T) => boolean): void;
    private siftUp;
    private siftDown;
}
