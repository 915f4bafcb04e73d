import { Clock, systemClock } from '../../domain/clock';
import { HeapItem, IndexedMinHeap } from '../../common/indexed-min-heap';

export interface Deadline extends HeapItem {
  readonly fire: () => void;
}

/** setTimeout's limit; a longer deadline just re-arms when the timer fires early. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One timer for every running job's deadline: the deadlines sit in a min-heap and a single
 * setTimeout is armed for the earliest. Adding or cancelling a deadline is O(log n) and creates
 * no timer (a per-job setTimeout would cost a timer object and a timer-list entry per job).
 */
export class DeadlineTimer {
  private readonly heap = new IndexedMinHeap<Deadline>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(private readonly clock: Clock = systemClock) {}

  get size(): number {
    return this.heap.size;
  }

  add(at: number, fire: () => void): Deadline {
    const deadline: Deadline = { at, fire, heapIndex: -1 };
    this.heap.push(deadline);
    if (at < this.timerAt) this.arm();
    return deadline;
  }

  /** An armed timer for a cancelled deadline is left to fire and re-arm: cheaper than re-arming now. */
  cancel(deadline: Deadline): void {
    this.heap.remove(deadline);
    if (this.heap.size === 0) this.disarm();
  }

  stop(): void {
    this.disarm();
  }

  private arm(): void {
    this.disarm();
    const top = this.heap.peek();
    if (!top) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, top.at - this.clock.now()));
    this.timerAt = top.at;
    this.timer = setTimeout(this.onTimer, delay);
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    for (let top = this.heap.peek(); top && top.at <= now; top = this.heap.peek()) {
      this.heap.pop();
      top.fire();
    }
    this.arm();
  };
}
