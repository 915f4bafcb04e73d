/**
 * Where a Redis listing stopped: the index it was walking (position in the walk order), and the
 * score and id of the last entry seen there. Resuming from the id's rank keeps pages exact while
 * the index changes; when the id has left the index, the score bounds the resume point.
 */
export interface RedisListPosition {
    index: number;
    score: number;
    id: string;
    /**
     * In the walk's segment of the named groups' pending jobs (one segment standing for every named
     * group): the group, and which of its two indexes (0: its zset, 1: its list).
     */
    group?: {
        name: string;
        list: 0 | 1;
    };
}
export declare function encodeRedisListCursor(p: RedisListPosition): string;
/**
 * A cursor comes back from clients, so it is checked against the walk it resumes: the index must
 * name one of its segments, and in a list segment the score is a rank (a safe non-negative
 * integer), which the lister turns into LPOS/LRANGE bounds.
 */
export declare function decodeRedisListCursor(cursor: string | undefined, walk: readonly {
    list: boolean;
    groups?: boolean;
}[]): RedisListPosition | undefined;
