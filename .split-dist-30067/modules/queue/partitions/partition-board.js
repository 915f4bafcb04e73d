"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PartitionBoard = exports.BOARD_FRESH_MS = void 0;
exports.workFromReply = workFromReply;
exports.workFromBoardEntry = workFromBoardEntry;
/** How old this process's copy of the board may be when it plans a claim while busy (ms). */
exports.BOARD_FRESH_MS = 10;
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
class PartitionBoard {
    sights = [];
    /** Partitions this process changed itself (released, reaped, retried in): claimed from next, once. */
    poked = new Set();
    cursor;
    sweepAt;
    readAt = Number.NEGATIVE_INFINITY;
    mustRead = true;
    wokeByToken = false;
    constructor(random, size) {
        this.cursor = Math.floor(random() * Math.max(1, size));
        this.sweepAt = this.cursor;
    }
    /** Whether the next claim reads the board first: after a wait, and when the copy is older than `freshMs`. */
    needsRead(now, freshMs = exports.BOARD_FRESH_MS) {
        return this.mustRead || now - this.readAt >= freshMs;
    }
    /** The board as read at `now`: each partition's report, where it is later than what is known here. */
    read(reports, now) {
        for (const [index, work] of reports)
            this.learn(index, work, false);
        this.readAt = now;
        this.mustRead = false;
    }
    /** What a claim (or a write of this process) saw in partition `index` after it. */
    saw(index, work, byClaim) {
        this.learn(index, work, byClaim);
    }
    /** This process put work in partition `index` or changed it (unknown how): the next claim looks there first. */
    poke(index) {
        this.poked.add(index);
    }
    /** The claim loop waited (woken by a token, or its wait ended): the board is read before the next claim. */
    waited(woken) {
        this.mustRead = true;
        this.wokeByToken ||= woken;
    }
    /** Whether the claim now follows a wake-up token (it passes the wake-up on when it leaves work behind); asking clears it. */
    takeWoken() {
        const woken = this.wokeByToken;
        this.wokeByToken = false;
        return woken;
    }
    /**
     * The partitions one claim visits, in order, out of `size`: those poked here, then those with
     * claimable work by best priority, equals from the cursor on, then those with a scheduled job (or
     * a group's token) due by `now` and those never seen; when none, the next of the sweep alone.
     */
    plan(size, now) {
        const start = this.cursor % size;
        this.cursor = (start + 1) % size;
        const ranked = [];
        for (let step = 0; step < size; step++) {
            const index = (start + step) % size;
            const rank = this.rank(index, now);
            if (rank !== undefined)
                ranked.push({ index, rank });
        }
        this.poked.clear();
        // stable: equal ranks keep the cursor's order
        ranked.sort((a, b) => b.rank - a.rank);
        if (ranked.length > 0)
            return ranked.map((r) => r.index);
        const sweep = this.sweepAt % size;
        this.sweepAt = sweep + 1;
        return [sweep];
    }
    /** A claim took jobs from partition `index` (the last it took from): the next claim starts after it. */
    servedLast(index, size) {
        this.cursor = (index + 1) % size;
    }
    /** Whether any partition is known to hold claimable work (or is poked). */
    anyWork(size, now) {
        for (let i = 0; i < size; i++)
            if (this.rank(i, now) !== undefined)
                return true;
        return false;
    }
    /** The earliest due time of a scheduled job known in a partition with nothing claimable. */
    nextDueAt(size) {
        let next = Number.POSITIVE_INFINITY;
        for (let i = 0; i < size; i++) {
            const sight = this.sights[i];
            if (sight && sight.top === null && sight.dueAt !== null)
                next = Math.min(next, sight.dueAt);
        }
        return next === Number.POSITIVE_INFINITY ? undefined : next;
    }
    /** Where partition `index` goes in a plan (higher first); undefined: not claimed from now. */
    rank(index, now) {
        if (this.poked.has(index))
            return Number.POSITIVE_INFINITY;
        const sight = this.sights[index];
        // never seen here (a new process, a board without its report): one claim looks, last
        if (!sight)
            return Number.NEGATIVE_INFINITY;
        if (sight.top !== null)
            return sight.top;
        // a due job is promoted by the claim that comes for it; its priority is known only then
        if (sight.dueAt !== null && sight.dueAt <= now)
            return Number.NEGATIVE_INFINITY;
        return undefined;
    }
    /**
     * Keeps the later of two sights of a partition: the larger wake count; on a tie, a claim's here
     * over the board's (the claim came after the write it ties with), else the newer.
     */
    learn(index, work, byClaim) {
        const known = this.sights[index];
        if (known && (work.seq < known.seq || (work.seq === known.seq && known.claimed && !byClaim)))
            return;
        this.sights[index] = { seq: work.seq, top: work.top, dueAt: work.dueAt, claimed: byClaim };
    }
}
exports.PartitionBoard = PartitionBoard;
/** A sight as includes/work-state.lua returns it: { wake count, best priority or '', next due or '' }. */
function workFromReply(reply) {
    return { seq: Number(reply[0]), top: optionalNumber(reply[1]), dueAt: optionalNumber(reply[2]) };
}
/** A board entry as board-report.lua stores it: "seq|top|due", '' for none. */
function workFromBoardEntry(entry) {
    const [seq, top, due] = entry.split('|');
    if (seq === undefined || !/^\d+$/.test(seq))
        return undefined;
    return { seq: Number(seq), top: optionalNumber(top), dueAt: optionalNumber(due) };
}
function optionalNumber(value) {
    if (value === undefined || value === null || value === '' || value === false)
        return null;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
}
//# sourceMappingURL=partition-board.js.map