/** Where a listing of a partitioned queue stopped: the partition it was walking and that partition's own cursor. */
export interface PartitionPosition {
    index: number;
    inner: string | undefined;
}
/** `p<index>.<the partition's cursor>`: a listing walks partition after partition, each in its own order. */
export declare function encodePartitionCursor(position: PartitionPosition): string;
/** The position a cursor names (the first partition's start without one); 400 for a cursor this store did not return. */
export declare function decodePartitionCursor(cursor: string | undefined, partitions: number): PartitionPosition;
