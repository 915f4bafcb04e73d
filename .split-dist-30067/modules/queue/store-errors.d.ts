/**
 * Whether an error a store's client raised says the store could not be reached (or cannot serve
 * for now), as opposed to refusing the request. Our own errors never are.
 */
export declare function isConnectionError(error: unknown): boolean;
/**
 * Whether a store call failed because the store could not be reached (worth retrying as is), as
 * opposed to refusing the request (retrying the same call would fail the same way).
 */
export declare function isTransientStoreError(err: unknown): boolean;
export declare function errorText(err: unknown): string;
