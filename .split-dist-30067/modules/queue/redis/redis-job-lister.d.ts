import type { RedisClient } from './redis-connection';
import { ListPage, ListQuery } from '../job-store';
import { RedisQueueKeys } from './redis-queue-keys';
/**
 * Lists jobs newest-first within a state index (highest score first: finish time for final
 * states, due time for scheduled, lease expiry for running; pending: the zset of non-zero
 * priorities, lowest priority first, then the priority-0 list, newest first, then the same for
 * each named group by name). Without a status filter it walks the indexes in the order of
 * JOB_STATUSES. A type filter is applied within a bounded window, so a page may come back short
 * with a cursor to continue. A cursor's index is the segment's position in the walk; in a list
 * its score is the entry's rank from the tail; in the named groups' segment it names the group.
 */
export declare class RedisJobLister {
    private readonly redis;
    constructor(redis: RedisClient);
    list(keys: RedisQueueKeys, query: ListQuery): Promise<ListPage>;
    /**
     * One window of one index from `resume`: the jobs it holds pushed on `found`. `exhausted` when
     * the index had no more than the window.
     */
    private walkSegment;
    /**
     * The named groups' pending jobs, group by group from the cursor's, each its zset then its list.
     * Returns where to resume when the page or the budget ended inside them, else undefined.
     */
    private walkGroups;
    /**
     * The tail ranks of the window's dead entries whose job is pending again (retried after a cancel
     * while its old entry still waits): a job with dead entries (pendingFifoDead) is live only at its
     * newest occurrence. `entries` is listWindow's (id, tail rank, ...). Usually one HMGET and nothing
     * more: only a job with dead entries costs an LPOS.
     */
    private deadEntries;
    private zsetWindow;
    /** id, tail rank, ... newest first, from just after the cursor's entry (found near its old rank). */
    private listWindow;
    /**
     * The rank just after the cursor's entry. When that entry has left the index (a bulk cancel or
     * retry takes every job it lists out of it), the rank just after where it was: past every entry
     * of a higher score and every entry of its score with a greater id (ZREVRANGE's order within a
     * score), so an entry that joined again at the same score since (failed again in the same ms) is
     * not listed twice. Entries of its score are read in growing windows from the greatest id, and
     * usually the first holds none greater.
     */
    private resumeRank;
}
