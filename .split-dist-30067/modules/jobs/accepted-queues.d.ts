/**
 * The queues the API takes jobs for: QUEUES, which workers also serve. A queue outside it would
 * never be claimed, yet would cost every instance a history stream and reaper calls for good.
 */
export declare class AcceptedQueues {
    private readonly names;
    constructor(names: readonly string[]);
    /** Throws InvalidJobSpecError naming `field` when `queue` is not accepted. */
    check(queue: string, field: string): void;
}
