import { SecretBox } from './secret-box';
/** HTTP_SECRET_HEADERS' default: the request headers that carry credentials. */
export declare const DEFAULT_SECRET_HEADERS: readonly string[];
/** What the API, callbacks and every other view show in place of a secret. */
export declare const REDACTED = "[redacted]";
/**
 * The secret request headers of `http` jobs: sealed when a job is enqueued (JobsService), so the
 * store holds them encrypted under SECRETS_KEYS; opened by the worker that sends them
 * (HttpJobHandler); shown as "[redacted]" everywhere else (redactHttpPayload). A sealed value is
 * bound to its header's name: moved to another header it does not open.
 */
export declare class HttpJobSecrets {
    private readonly box;
    private readonly names;
    constructor(headerNames?: readonly string[], box?: SecretBox);
    get encrypts(): boolean;
    /**
     * The payload with its secret header values sealed; the payload itself (same object) when it has
     * none. A value that already looks sealed is sealed again whatever its header, so every sealed
     * value in a store was sealed once, here.
     */
    seal(type: string, payload: unknown): unknown;
    /**
     * The headers to send, sealed values opened; the names of those that were sealed (they are not
     * sent on to another origin by a redirect) and their opened values (scrubbed from what the call
     * answers). Throws an error naming the header, never its value.
     */
    open(headers: Record<string, string>): {
        headers: Record<string, string>;
        sealed: string[];
        values: string[];
    };
}
/** The payload as the API and callbacks show it: sealed header values of an `http` job replaced by "[redacted]". */
export declare function redactHttpPayload(type: string, payload: unknown): unknown;
