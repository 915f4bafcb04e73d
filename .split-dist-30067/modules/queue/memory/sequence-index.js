"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SequenceIndex = void 0;
/**
 * A set of job ids ordered by the sequence number each got when it entered the set. Sequence
 * numbers only grow, so adding is an append; removal is lazy (the live map decides) with an
 * occasional compaction. Gives O(1) size, oldest-first walks (retention) and newest-first walks
 * from a cursor (listing) that see every member once even while others come and go.
 */
class SequenceIndex {
    ids = [];
    seqs = [];
    head = 0;
    live = new Map();
    get size() {
        return this.live.size;
    }
    has(id) {
        return this.live.has(id);
    }
    /** The seq under which `id` is a member, or undefined. */
    seqOf(id) {
        return this.live.get(id);
    }
    /** `seq` must be greater than every seq added before. */
    add(id, seq) {
        this.live.set(id, seq);
        this.ids.push(id);
        this.seqs.push(seq);
    }
    delete(id) {
        if (!this.live.delete(id))
            return;
        const stored = this.seqs.length - this.head;
        if (stored > 64 && stored > 2 * this.live.size)
            this.compact();
    }
    /** Members oldest first. */
    *oldestFirst() {
        for (let i = this.head; i < this.ids.length; i++) {
            const id = this.ids[i];
            const seq = this.seqs[i];
            if (this.live.get(id) === seq)
                yield { id, seq };
        }
    }
    /**
     * The oldest member, or undefined. Dead entries met at the front are passed for good (no walk
     * ever needs them), so repeated calls cost O(1) amortised.
     */
    first() {
        while (this.head < this.ids.length) {
            const id = this.ids[this.head];
            const seq = this.seqs[this.head];
            if (this.live.get(id) === seq)
                return { id, seq };
            this.head++;
        }
        return undefined;
    }
    /** Members newest first, starting strictly below `beforeSeq` when given. */
    *newestFirst(beforeSeq = Number.POSITIVE_INFINITY) {
        for (let i = this.lastIndexBelow(beforeSeq); i >= this.head; i--) {
            const id = this.ids[i];
            const seq = this.seqs[i];
            if (this.live.get(id) === seq)
                yield { id, seq };
        }
    }
    lastIndexBelow(seq) {
        let lo = this.head;
        let hi = this.seqs.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (this.seqs[mid] < seq)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo - 1;
    }
    compact() {
        const ids = [];
        const seqs = [];
        for (const { id, seq } of this.oldestFirst()) {
            ids.push(id);
            seqs.push(seq);
        }
        this.ids = ids;
        this.seqs = seqs;
        this.head = 0;
    }
}
exports.SequenceIndex = SequenceIndex;
//# sourceMappingURL=sequence-index.js.map