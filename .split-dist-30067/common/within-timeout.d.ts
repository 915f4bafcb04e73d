/** Resolves with `work`, or rejects after `ms` with "timed out after <ms>ms" (the work is not cancelled). */
export declare function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T>;
