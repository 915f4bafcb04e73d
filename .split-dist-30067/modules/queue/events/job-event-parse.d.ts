import { JobEvent } from '../../../domain/job-event';
/**
 * A JobEvent read from outside the process (a stream entry), or undefined when it is not one.
 * The writer drops such events with a warning rather than stall the stream on them.
 */
export declare function parseJobEvent(raw: unknown): JobEvent | undefined;
