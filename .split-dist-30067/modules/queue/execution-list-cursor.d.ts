/**
 * Where a page of a queue's executions ended (JobStore.listExecutions), shared by every store: the
 * last execution's creation time and id. The next page starts after that position in the order
 * (createdAt, id) descending, wherever the execution itself has gone, so executions created or
 * trimmed meanwhile make no page skip or repeat one. A partitioned queue's partitions are merged
 * by the same position.
 */
export interface ExecutionPosition {
    createdAt: number;
    id: string;
}
export declare function encodeExecutionCursor(position: ExecutionPosition): string;
/** 400 naming `cursor` for a cursor no store returned. */
export declare function decodeExecutionCursor(cursor: string | undefined): ExecutionPosition | undefined;
/**
 * Whether execution `a` comes before `b` in the listing: newer first, then the greater id (as
 * Redis orders the members of one score: by bytes; ids are ASCII, so by UTF-16 units is the same).
 */
export declare function executionBefore(a: ExecutionPosition, b: ExecutionPosition): boolean;
