import { BinaryHeap } from './binary-heap';

describe('BinaryHeap', () => {
  it('pops items in the order of its comparator', () => {
    const heap = new BinaryHeap<number>((a, b) => a < b);
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 503);
    values.forEach((v) => heap.push(v));
    const out: number[] = [];
    for (let v = heap.pop(); v !== undefined; v = heap.pop()) out.push(v);
    expect(out).toEqual([...values].sort((a, b) => a - b));
  });

  it('peeks without removing and is empty when drained', () => {
    const heap = new BinaryHeap<number>((a, b) => a < b);
    expect(heap.peek()).toBeUndefined();
    heap.push(3);
    heap.push(1);
    expect(heap.peek()).toBe(1);
    expect(heap.size).toBe(2);
  });

  it('compacts away dead items and keeps the order of the rest', () => {
    const heap = new BinaryHeap<number>((a, b) => a < b);
    for (let i = 100; i > 0; i--) heap.push(i);
    heap.compact((v) => v % 2 === 0);
    expect(heap.size).toBe(50);
    const out: number[] = [];
    for (let v = heap.pop(); v !== undefined; v = heap.pop()) out.push(v);
    expect(out).toEqual(Array.from({ length: 50 }, (_, i) => 2 * (i + 1)));
  });
});
