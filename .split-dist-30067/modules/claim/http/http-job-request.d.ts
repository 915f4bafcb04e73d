import { HttpJobMethod } from '../../../domain/http-job';
/** The payload of an `http` job: `{ url, method = POST, headers?, body? }`. */
export interface HttpJobPayload {
    url: string;
    method?: HttpJobMethod;
    headers?: Record<string, string>;
    body?: unknown;
}
export interface HttpJobRequest {
    url: URL;
    method: HttpJobMethod;
    headers: Record<string, string>;
    /** JSON text, or undefined for no body. */
    body: string | undefined;
}
/**
 * Checks an `http` payload again at run time (the API checks it at enqueue, but jobs also come
 * from embedding code and older versions). A payload that cannot work fails without retry.
 */
export declare function parseHttpJobPayload(payload: unknown): HttpJobRequest;
