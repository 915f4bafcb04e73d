import { Job } from '../../domain/job';
/** A stored payload's JSON text as a value: the text itself when it does not parse (damaged record), null when absent. */
export declare function parseStoredJson(text: unknown): unknown;
/**
 * Sets `job.payload` from its stored JSON text. A short payload is parsed here (cheaper than the
 * accessor pair below, which costs ~2 µs per object in V8); a longer one on first read, so a
 * caller that never reads it (a handler that ignores it, an execution of 10,000 jobs answering
 * only its id) pays no JSON.parse. Either way `payload` is an own enumerable property: readers
 * (API serialisation, spreads, handlers) see the same value, keys in the same order.
 */
export declare function setStoredPayload(job: Job, text: string | undefined): void;
