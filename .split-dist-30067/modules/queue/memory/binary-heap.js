"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.BinaryHeap = void 0;
/**
 * A binary min-heap under a caller's ordering (`before(a, b)` is true when a comes out first).
 * The memory store deletes lazily: stale entries stay until popped or compacted, and the caller
 * tells which entries are still live.
 */
class BinaryHeap {
    before;
    items = [];
    constructor(before) {
        this.before = before;
    }
    get size() {
        return this.items.length;
    }
    push(item) {
        this.items.push(item);
        this.siftUp(this.items.length - 1);
    }
    peek() {
        return this.items[0];
    }
    pop() {
        const items = this.items;
        if (items.length === 0)
            return undefined;
        const top = items[0];
        const last = items.pop();
        if (items.length > 0) {
            items[0] = last;
            this.siftDown(0);
        }
        return top;
    }
    /** Drops every entry `isLive` rejects and restores heap order: O(n). */
    compact(isLive) {
        this.items = this.items.filter(isLive);
        for (let i = (this.items.length >> 1) - 1; i >= 0; i--)
            this.siftDown(i);
    }
    siftUp(i) {
        const items = this.items;
        const item = items[i];
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (!this.before(item, items[parent]))
                break;
            items[i] = items[parent];
            i = parent;
        }
        items[i] = item;
    }
    siftDown(i) {
        const items = this.items;
        const n = items.length;
        const item = items[i];
        for (;;) {
            const left = 2 * i + 1;
            if (left >= n)
                break;
            const right = left + 1;
            const child = right < n && this.before(items[right], items[left]) ? right : left;
            if (!this.before(items[child], item))
                break;
            items[i] = items[child];
            i = child;
        }
        items[i] = item;
    }
}
exports.BinaryHeap = BinaryHeap;
//# sourceMappingURL=binary-heap.js.map