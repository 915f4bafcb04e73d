"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IndexedMinHeap = void 0;
/** Binary min-heap on `at`, with removal of any item (a finished job drops its deadline at once). */
class IndexedMinHeap {
    items = [];
    get size() {
        return this.items.length;
    }
    peek() {
        return this.items[0];
    }
    push(item) {
        item.heapIndex = this.items.length;
        this.items.push(item);
        this.up(item.heapIndex);
    }
    pop() {
        const top = this.items[0];
        if (top)
            this.remove(top);
        return top;
    }
    remove(item) {
        const i = item.heapIndex;
        if (i < 0 || this.items[i] !== item)
            return;
        const last = this.items.pop();
        item.heapIndex = -1;
        if (i === this.items.length)
            return;
        this.items[i] = last;
        last.heapIndex = i;
        this.down(i);
        this.up(last.heapIndex);
    }
    up(i) {
        const items = this.items;
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (items[parent].at <= items[i].at)
                break;
            this.swap(i, parent);
            i = parent;
        }
    }
    down(i) {
        const items = this.items;
        for (;;) {
            const left = 2 * i + 1;
            const right = left + 1;
            let smallest = i;
            if (left < items.length && items[left].at < items[smallest].at)
                smallest = left;
            if (right < items.length && items[right].at < items[smallest].at)
                smallest = right;
            if (smallest === i)
                return;
            this.swap(i, smallest);
            i = smallest;
        }
    }
    swap(a, b) {
        const items = this.items;
        const t = items[a];
        items[a] = items[b];
        items[b] = t;
        items[a].heapIndex = a;
        items[b].heapIndex = b;
    }
}
exports.IndexedMinHeap = IndexedMinHeap;
//# sourceMappingURL=indexed-min-heap.js.map