import { BinaryHeap } from './binary-heap';
import { MemoryGroup } from './memory-group';

interface ThrottleRef {
  group: MemoryGroup;
  version: number;
  dueAt: number;
  seq: number;
}

const COMPACT_MIN = 1024;

/**
 * A queue's groups out of tokens, by their next token (includes/groups.lua's `groups:throttled`):
 * one live ref per throttled group; a ref of another version of its group is dead and dropped when
 * met, so no walk over the groups.
 */
export class ThrottledGroups {
  private readonly heap = new BinaryHeap<ThrottleRef>((a, b) => a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.seq < b.seq));
  /** Groups throttled now (live refs). */
  private count = 0;
  private seq = 0;

  /** `g` (its place just set to 'throttled', its version current) waits until `dueAt`. */
  add(g: MemoryGroup, dueAt: number): void {
    this.count++;
    this.heap.push({ group: g, version: g.version, dueAt, seq: ++this.seq });
    if (this.heap.size > COMPACT_MIN && this.heap.size > 2 * this.count) this.heap.compact(isLive);
  }

  /** A throttled group left (its ref is dead from now on). */
  removed(): void {
    this.count--;
  }

  /** The throttled groups whose token is due at `now`, earliest first, taken out. */
  takeDue(now: number): MemoryGroup[] {
    const due: MemoryGroup[] = [];
    for (let ref = this.heap.peek(); ref; ref = this.heap.peek()) {
      const live = isLive(ref);
      if (live && ref.dueAt > now) break;
      this.heap.pop();
      if (live) due.push(ref.group);
    }
    return due;
  }

  /** The earliest next token of a throttled group, or undefined. */
  earliest(): number | undefined {
    for (let ref = this.heap.peek(); ref; ref = this.heap.peek()) {
      if (isLive(ref)) return ref.dueAt;
      this.heap.pop();
    }
    return undefined;
  }
}

function isLive(ref: ThrottleRef): boolean {
  return ref.group.place === 'throttled' && ref.group.version === ref.version;
}
