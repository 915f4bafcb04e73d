/** The cursor of an execution's job list, shared by both stores: an offset (the list never changes). */
export declare function encodeOffsetCursor(offset: number): string;
export declare function decodeOffsetCursor(cursor: string | undefined): number;
