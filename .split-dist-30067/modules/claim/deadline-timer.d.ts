import { Clock } from '../../domain/clock';
import { HeapItem } from '../../common/indexed-min-heap';
export interface Deadline extends HeapItem {
    readonly fire: () => void;
}
/**
 * One timer for every running job's deadline: the deadlines sit in a min-heap and a single
 * setTimeout is armed for the earliest. Adding or cancelling a deadline is O(log n) and creates
 * no timer (a per-job setTimeout would cost a timer object and a timer-list entry per job).
 */
export declare class DeadlineTimer {
    private readonly clock;
    private readonly heap;
    private timer;
    private timerAt;
    constructor(clock?: Clock);
    get size(): number;
    add(at: number, fire: () => void): Deadline;
    /** An armed timer for a cancelled deadline is left to fire and re-arm: cheaper than re-arming now. */
    cancel(deadline: Deadline): void;
    stop(): void;
    private arm;
    private disarm;
    private readonly onTimer;
}
