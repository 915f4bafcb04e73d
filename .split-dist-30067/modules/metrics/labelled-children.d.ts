/** The type label of every (queue, type) pair past a metric's cap. */
export declare const OVERFLOW_TYPE = "other";
/** Distinct (queue, type) pairs one metric labels before new types become `other`. */
export declare const DEFAULT_MAX_LABEL_PAIRS = 200;
/**
 * The prom-client children of one metric, cached per (queue, type) in nested maps: after a
 * label pair's first use, a lookup allocates nothing (no joined key string, no labels object),
 * which is what lets the worker's hot path count every job.
 *
 * Types come from clients, so the pairs are capped: once `maxPairs` are labelled, a new type
 * counts under (queue, "other"). Memory and series then stay bounded by the cap plus one
 * overflow child per queue (queues are bounded by QUEUES).
 */
export declare class LabelledChildren<T> {
    private readonly create;
    private readonly maxPairs;
    private readonly byQueue;
    private readonly overflowByQueue;
    private pairs;
    constructor(create: (queue: string, type: string) => T, maxPairs?: number);
    get(queue: string, type: string): T;
    private overflow;
}
