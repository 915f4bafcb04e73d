/** Thrown by a handler: the job fails at once, whatever attempts it has left. */
export declare class NonRetryableJobError extends Error {
    constructor(message: string, options?: {
        cause?: unknown;
    });
}
