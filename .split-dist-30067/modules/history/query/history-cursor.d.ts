/** Position after the last item of a page (newest first): its created_at and id. */
export interface HistoryCursor {
    createdAt: number;
    id: string;
}
export declare function encodeHistoryCursor(cursor: HistoryCursor): string;
/** Throws InvalidJobSpecError('cursor', ...) (a 400) for a cursor this service did not make. */
export declare function decodeHistoryCursor(text: string): HistoryCursor;
