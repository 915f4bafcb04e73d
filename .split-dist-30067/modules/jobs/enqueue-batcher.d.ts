import { EnqueueResult, NewJob } from '../../domain/job';
/** The store call the batcher makes: many jobs of one queue, one result per job in order. */
export type EnqueueMany = (jobs: NewJob[]) => Promise<EnqueueResult[]>;
/** A turn's jobs for one queue are written in calls of at most this many. */
export declare const ENQUEUE_BATCH_MAX = 500;
/**
 * Writes the single jobs that POST /jobs requests hand in during one event-loop turn together:
 * one store call (one enqueue script, one Redis round trip) per queue and turn instead of one per
 * request. Under load the handlers of many requests run in the same turn (the body of each ends
 * in the same poll phase), and a script call per job was most of the API's cost: the write to
 * Redis, and Redis's own time per call (BENCHMARKS.md, "The REST front door"). Without load a turn
 * holds one request, and it is written at the end of that turn as before, so nothing waits longer
 * than the turn (no timer).
 *
 * Each request still gets its own result: the store answers per job (created, or the job its
 * idempotency key matched; a key repeated within one call goes to the first job, as it would have
 * in order). A store error (Redis away: 503) fails every request of the call, none of whose jobs
 * was stored (the enqueue script is atomic), so each client retries as it would have anyway.
 */
export declare class EnqueueBatcher {
    private readonly enqueueMany;
    private readonly waiting;
    private scheduled;
    constructor(enqueueMany: EnqueueMany);
    add(job: NewJob): Promise<EnqueueResult>;
    private flush;
    private write;
}
