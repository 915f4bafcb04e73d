export type AbortCause = 'timeout' | 'cancelled' | 'lost lease' | 'shutdown';
/** The `reason` of a job's AbortSignal: why the worker stopped waiting for the handler. */
export declare class JobAbortedError extends Error {
    readonly kind: AbortCause;
    constructor(kind: AbortCause, message: string);
}
