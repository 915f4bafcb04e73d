/** Capped exponential delays with jitter for retrying store calls; reset after a success. */
export declare class RetryBackoff {
    private readonly baseMs;
    private readonly maxMs;
    private attempt;
    constructor(baseMs: number, maxMs: number);
    /** How many failures in a row so far. */
    get failures(): number;
    next(): number;
    reset(): void;
}
