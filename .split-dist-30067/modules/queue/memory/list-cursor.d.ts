/** The memory store's list cursor: the index sequence number of the last job returned, base 36. */
export declare function encodeListCursor(seq: number): string;
export declare function decodeListCursor(cursor: string | undefined): number | undefined;
