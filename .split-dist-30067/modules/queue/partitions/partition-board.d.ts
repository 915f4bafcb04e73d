/**
 * What one partition holds for claims, as a script there saw it (includes/work-state.lua).
 */
export interface PartitionWork {
    /**
     * The partition's wake count then. Everything that makes work claimable there bumps it (and so
     * does a writer that changed the partition otherwise), so of two sights of one partition the
     * one with the larger count is the later, whoever made them, and on a tie nothing was added in
     * between: only claims took work away.
     */
    seq: number;
    /** The priority of its best claimable job; null: none (nothing pending, or paused). */
    top: number | null;
    /** When its next scheduled job is due (epoch ms); null: none. */
    dueAt: number | null;
}
/** How old this process's copy of the board may be when it plans a claim while busy (ms). */
export declare const BOARD_FRESH_MS = 10;
/**
 * Where one process's claims of a partitioned queue go: its copy of the queue's board, merged with
 * what its own claims saw. Shared by every claim of the queue in the process.
 *
 * The board (board-report.lua, in partition 0) holds, per partition, the last sight a writer
 * reported: a writer reports when it made work claimable where there was none (and then wakes a
 * waiting worker), raised the best priority, or brought a due time forward. Claims report
 * nothing: each claim in a partition returns the partition's work after it, and that sight wins
 * here over the board's until the board holds a later one (a larger wake count). So a partition
 * drained by another process looks full here only until one claim looks (one wasted command per
 * report, at most); one that got work after this process saw it drained is known at the next
 * read of the board, which comes after every wait and at least every BOARD_FRESH_MS while
 * claiming. No mark is trusted longer than it is true: a sight is replaced by any later one.
 *
 * A plan visits the partitions with claimable work, best priority first (so a priority-10 job
 * waits behind no lower one of another partition for longer than one read of the board), and
 * among equals from a cursor that starts each claim one further on and after the last partition
 * served: every partition with work is claimed from within one round of claims, whatever lies in
 * the others. When the board names nothing, a claim asks one partition (the sweep, in turn): a
 * report lost with its writer is found within N idle waits.
 */
export declare class PartitionBoard {
    private readonly sights;
    /** Partitions this process changed itself (released, reaped, retried in): claimed from next, once. */
    private readonly poked;
    private cursor;
    private sweepAt;
    private readAt;
    private mustRead;
    private wokeByToken;
    constructor(random: () => number, size: number);
    /** Whether the next claim reads the board first: after a wait, and when the copy is older than `freshMs`. */
    needsRead(now: number, freshMs?: number): boolean;
    /** The board as read at `now`: each partition's report, where it is later than what is known here. */
    read(reports: ReadonlyMap<number, PartitionWork>, now: number): void;
    /** What a claim (or a write of this process) saw in partition `index` after it. */
    saw(index: number, work: PartitionWork, byClaim: boolean): void;
    /** This process put work in partition `index` or changed it (unknown how): the next claim looks there first. */
    poke(index: number): void;
    /** The claim loop waited (woken by a token, or its wait ended): the board is read before the next claim. */
    waited(woken: boolean): void;
    /** Whether the claim now follows a wake-up token (it passes the wake-up on when it leaves work behind); asking clears it. */
    takeWoken(): boolean;
    /**
     * The partitions one claim visits, in order, out of `size`: those poked here, then those with
     * claimable work by best priority, equals from the cursor on, then those with a scheduled job (or
     * a group's token) due by `now` and those never seen; when none, the next of the sweep alone.
     */
    plan(size: number, now: number): number[];
    /** A claim took jobs from partition `index` (the last it took from): the next claim starts after it. */
    servedLast(index: number, size: number): void;
    /** Whether any partition is known to hold claimable work (or is poked). */
    anyWork(size: number, now: number): boolean;
    /** The earliest due time of a scheduled job known in a partition with nothing claimable. */
    nextDueAt(size: number): number | undefined;
    /** Where partition `index` goes in a plan (higher first); undefined: not claimed from now. */
    private rank;
    /**
     * Keeps the later of two sights of a partition: the larger wake count; on a tie, a claim's here
     * over the board's (the claim came after the write it ties with), else the newer.
     */
    private learn;
}
/** A sight as includes/work-state.lua returns it: { wake count, best priority or '', next due or '' }. */
export declare function workFromReply(reply: readonly unknown[]): PartitionWork;
/** A board entry as board-report.lua stores it: "seq|top|due", '' for none. */
export declare function workFromBoardEntry(entry: string): PartitionWork | undefined;
