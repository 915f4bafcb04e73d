/** Resolves after ms, or at once when signal aborts (never rejects). */
export declare function abortableSleep(ms: number, signal?: AbortSignal): Promise<void>;
