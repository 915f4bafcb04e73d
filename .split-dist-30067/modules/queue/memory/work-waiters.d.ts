/**
 * Parked `waitForWork` calls of one queue. A wake resolves them all (spurious wake-ups are
 * allowed by the contract); each wait also ends on its timeout or its AbortSignal. No polling.
 * A wake that finds nobody waiting is remembered for the next wait, as the Redis store's wake
 * list keeps its token: work enqueued between a worker's empty claim and its wait is not missed.
 */
export declare class WorkWaiters {
    private readonly waiting;
    private missedWake;
    /**
     * Wakes so far, and touches (a change workers must look at that woke nobody): the queue's wake
     * count, as includes/work-state.lua keeps it for a partitioned queue's board.
     */
    private count;
    get size(): number;
    get wakeCount(): number;
    /** Resolves true when a wake ended the wait, false on its timeout or abort. */
    wait(timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
    wakeAll(): void;
    /** Bumps the wake count without waking anyone. */
    touch(): void;
}
