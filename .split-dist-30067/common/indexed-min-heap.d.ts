/** An item that knows its place in the heap, so it can be removed in O(log n). -1: not in a heap. */
export interface HeapItem {
    at: number;
    heapIndex: number;
}
/** Binary min-heap on `at`, with removal of any item (a finished job drops its deadline at once). */
export declare class IndexedMinHeap<T extends HeapItem> {
    private readonly items;
    get size(): number;
    peek(): T | undefined;
    push(item: T): void;
    pop(): T | undefined;
    remove(item: T): void;
    private up;
    private down;
    private swap;
}
