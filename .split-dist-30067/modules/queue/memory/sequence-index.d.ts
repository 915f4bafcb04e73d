/**
 * A set of job ids ordered by the sequence number each got when it entered the set. Sequence
 * numbers only grow, so adding is an append; removal is lazy (the live map decides) with an
 * occasional compaction. Gives O(1) size, oldest-first walks (retention) and newest-first walks
 * from a cursor (listing) that see every member once even while others come and go.
 */
export declare class SequenceIndex {
    private ids;
    private seqs;
    private head;
    private readonly live;
    get size(): number;
    has(id: string): boolean;
    /** The seq under which `id` is a member, or undefined. */
    seqOf(id: string): number | undefined;
    /** `seq` must be greater than every seq added before. */
    add(id: string, seq: number): void;
    delete(id: string): void;
    /** Members oldest first. */
    oldestFirst(): Generator<{
        id: string;
        seq: number;
    }>;
    /**
     * The oldest member, or undefined. Dead entries met at the front are passed for good (no walk
     * ever needs them), so repeated calls cost O(1) amortised.
     */
    first(): {
        id: string;
        seq: number;
    } | undefined;
    /** Members newest first, starting strictly below `beforeSeq` when given. */
    newestFirst(beforeSeq?: number): Generator<{
        id: string;
        seq: number;
    }>;
    private lastIndexBelow;
    private compact;
}
