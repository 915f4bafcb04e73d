import { AppConfig } from '../../config/app-config';
import { Clock } from '../../domain/clock';
import { EnqueueResult, Job, JobSpec, NewJob } from '../../domain/job';
import { ClaimqMetrics } from '../metrics';
import { CallbackEnqueuer, ListPage, ListQuery, JobOperations } from '../queue';
import { JobTracer } from '../tracing';
import { BulkAction, BulkActionQuery, BulkActionResult } from './bulk-job-action';
/**
 * Enqueue and read jobs. Plain service: it throws domain errors (the HTTP filter maps them), so
 * code outside HTTP (executions, embedding applications) can call it as well.
 */
export declare class JobsService {
    private readonly store;
    private readonly config;
    private readonly clock;
    private readonly callbacks;
    private readonly tracer;
    private readonly metrics?;
    private readonly queues;
    private readonly secrets;
    private readonly egress;
    private readonly batcher;
    constructor(store: JobOperations, config: AppConfig, clock: Clock, callbacks: CallbackEnqueuer, tracer: JobTracer, metrics?: ClaimqMetrics | undefined);
    /**
     * `created: false` when the idempotency key matched an existing job, which is returned. The jobs
     * of the requests of one event-loop turn are written together (EnqueueBatcher), except on a
     * partitioned queue (QUEUES `name:N`), where a call of jobs whose keys live in several
     * partitions is a staged write across them: there each job is its own call, as before. With
     * tracing on, an `enqueue` span covers the write, in the active trace (the request's).
     */
    create(spec: JobSpec): Promise<EnqueueResult>;
    private enqueueOne;
    /**
     * Validates and normalizes every job, then writes them in one store call, which is atomic for
     * one queue only: so a bulk's jobs share one queue (400 naming the first stray), and the bulk is
     * all or nothing. Returns the ids in request order.
     */
    createMany(specs: JobSpec[]): Promise<string[]>;
    /** A queue outside QUEUES is refused (400 naming `queue`), as an enqueue into it would be. */
    list(query: ListQuery): Promise<ListPage>;
    /**
     * A pending or scheduled job is cancelled at once, and when it has a callbackUrl its callback is
     * enqueued before the answer, as a worker does for the jobs it ends (one CallbackEnqueuer, the
     * same idempotency key). A running job is only asked to cancel: its worker ends it and calls back.
     */
    cancel(id: string): Promise<Job>;
    retry(id: string): Promise<Job>;
    /** A scheduled job (delayed, or waiting out a retry backoff) runs now: pending, in its priority and group. */
    promote(id: string): Promise<Job>;
    /** The live job `key` names in `queue` (a queue outside QUEUES: 400 naming `queue`), or null. */
    findByIdempotencyKey(queue: string, key: string): Promise<Job | null>;
    /**
     * One batch of a bulk cancel or retry (bulk-job-action.ts): cancels go through cancel above, so
     * a job's callback is sent as for a single cancel. The queue is the route's `name`.
     */
    bulk(action: BulkAction, query: BulkActionQuery): Promise<BulkActionResult>;
    /** 400 naming `field` when `queue` is not one of QUEUES. */
    checkQueue(queue: string, field: string): void;
    private countEnqueued;
    /**
     * Applies the rules of POST /jobs to many specs without writing them (executions write them
     * with their counters). Errors name the job at fault as `jobs.<index>.<field>`.
     */
    normalizeMany(specs: JobSpec[]): NewJob[];
    /**
     * Applies the rules of POST /jobs to one spec without writing it; `path` prefixes field names in
     * errors (`job.` for a schedule's job template, `jobs.3.` for a bulk's job).
     */
    normalize(spec: JobSpec, path: string): NewJob;
    /**
     * A URL whose host is an IP address the egress policy refuses is refused here (400), rather
     * than as a job that fails; a host name is judged by the worker on the address it resolves to.
     */
    checkEgress(url: unknown, field: string): void;
}
