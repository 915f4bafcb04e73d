import type { Response } from 'undici';
export interface CappedBody {
    text: string;
    truncated: boolean;
}
/** Reads at most limit bytes of a response body as UTF-8 and cancels the rest. */
export declare function readCappedBody(response: Response, limit: number): Promise<CappedBody>;
