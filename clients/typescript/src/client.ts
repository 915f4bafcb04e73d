import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import type {
  AddedExecutionJobs,
  CreatedExecution,
  CreatedJob,
  CreatedJobs,
  CursorPage,
  CursorPagedPath,
  Execution,
  ExecutionPage,
  ExecutionQuery,
  Job,
  JobPage,
  JobQuery,
  ListedJob,
  NewExecution,
  NewExecutionJobs,
  NewJob,
  Operation,
  OperationParams,
  PageItem,
  PageOf,
  StoredJob,
} from './api-types';
import { ClaimqApiError } from './claimq-api-error';
import { type EventStreamOptions, type JobChangeKind, type JobStreamEvent, type QueueStreamEvent, readEventStream, type StreamTarget } from './event-streams';
import { type FetchFn, type RetryOptions, retryingFetch } from './retrying-fetch';
import type { paths } from './schema';

export interface ClaimqClientOptions {
  /** Where the service answers, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>` (the service's API_KEYS). */
  apiKey?: string;
  /** The fetch to send requests with; globalThis.fetch by default. */
  fetch?: FetchFn;
  retry?: RetryOptions;
  /** Sent with every request. */
  headers?: Record<string, string>;
}

export interface CallOptions {
  /** Aborts the request, and any wait before a retry, at once. */
  signal?: AbortSignal;
}

export interface WaitOptions extends CallOptions {
  /**
   * Up to this long (at most 60,000 ms), the service answers only once the job has ended
   * (succeeded, failed, cancelled or skipped): check the returned job's `status`.
   */
  waitMs?: number;
}

export interface QueueEventStreamOptions extends EventStreamOptions {
  /** Only changes of these kinds (all when absent). */
  types?: JobChangeKind[];
  /** Only changes after which the job is in one of these states (all when absent). */
  states?: Job['status'][];
}

/** `params` and options of a cursor-paged route: `params` is required when the route has path parameters. */
type PageArgs<P extends CursorPagedPath> =
  OperationParams<Operation<P, 'get'>> extends { path: object }
    ? [params: OperationParams<Operation<P, 'get'>>, options?: CallOptions]
    : [params?: OperationParams<Operation<P, 'get'>>, options?: CallOptions];

/** What every openapi-fetch call resolves to, whatever its route. */
interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** A typed client of the claimq API. */
export function createClaimqClient(options: ClaimqClientOptions): ClaimqClient {
  return new ClaimqClient(options);
}

export class ClaimqClient {
  /**
   * Every route, typed from the OpenAPI document (`api.GET('/queues/{name}/stats', ...)`), with the
   * API key and the retry rules applied: for the calls the methods below do not cover.
   */
  readonly api: Client<paths>;
  private readonly streams: StreamTarget;

  constructor(options: ClaimqClientOptions) {
    const baseFetch = options.fetch ?? ((request: Request) => fetch(request));
    const headers = { ...options.headers, ...(options.apiKey === undefined ? {} : { Authorization: `Bearer ${options.apiKey}` }) };
    this.api = createClient<paths>({ baseUrl: options.baseUrl, fetch: retryingFetch(baseFetch, options.retry), headers });
    this.streams = { baseUrl: options.baseUrl, headers, fetch: baseFetch };
  }

  /**
   * A job's events as they happen (GET /jobs/{id}/events): its state now, each change, and `end`
   * once it has ended, after which the iteration ends. A dropped connection is resumed with the
   * last event id (see EventStreamOptions.reconnect):
   * `for await (const e of client.jobEvents(id)) if (e.event === 'succeeded') console.log(e.data.result)`.
   */
  jobEvents(id: string, options: EventStreamOptions = {}): AsyncGenerator<JobStreamEvent, void, undefined> {
    return readEventStream<JobStreamEvent>(this.streams, `/jobs/${encodeURIComponent(id)}/events`, {}, options);
  }

  /**
   * A queue's changes as they happen (GET /queues/{name}/events), filtered by kind and state; runs
   * until `signal` aborts, resuming a dropped connection with the last event id.
   */
  queueEvents(queue: string, options: QueueEventStreamOptions = {}): AsyncGenerator<QueueStreamEvent, void, undefined> {
    const query = { types: options.types?.join(','), states: options.states?.join(',') };
    return readEventStream<QueueStreamEvent>(this.streams, `/queues/${encodeURIComponent(queue)}/events`, query, options);
  }

  /**
   * Adds a job; a repeated idempotency key in the queue answers the job it already named. With
   * `waitMs`, the answer comes once the job has ended, or when the wait runs out.
   */
  async createJob(job: NewJob, options: WaitOptions = {}): Promise<CreatedJob> {
    const query = options.waitMs === undefined ? undefined : { waitMs: options.waitMs };
    return unwrap(await this.api.POST('/jobs', { body: withIdempotencyKey(job), params: { query }, signal: options.signal }));
  }

  /** Adds jobs of one queue all or nothing; the ids in request order (existing ones for repeated keys). */
  async createJobs(jobs: NewJob[], options: CallOptions = {}): Promise<CreatedJobs> {
    return unwrap(await this.api.POST('/jobs/bulk', { body: { jobs: jobs.map(withIdempotencyKey) }, signal: options.signal }));
  }

  /**
   * The job from the store, or from job history once retention removed it; 404 when neither knows
   * it. With `waitMs`, the answer comes once the job has ended, or when the wait runs out.
   */
  async getJob(id: string, options: WaitOptions = {}): Promise<Job> {
    const query = options.waitMs === undefined ? undefined : { waitMs: options.waitMs };
    return unwrap(await this.api.GET('/jobs/{id}', { params: { path: { id }, query }, signal: options.signal }));
  }

  /** Cancels a pending or scheduled job, asks a running one to cancel; 409 when it already finished. */
  async cancelJob(id: string, options: CallOptions = {}): Promise<StoredJob> {
    return unwrap(await this.api.POST('/jobs/{id}/cancel', { params: { path: { id } }, signal: options.signal }));
  }

  /** A failed or cancelled job back to pending with its attempts reset; 409 otherwise. */
  async retryJob(id: string, options: CallOptions = {}): Promise<StoredJob> {
    return unwrap(await this.api.POST('/jobs/{id}/retry', { params: { path: { id } }, signal: options.signal }));
  }

  /** One page of GET /jobs; pass its nextCursor as `cursor` for the next, or iterate with jobs(). */
  async listJobs(query: JobQuery = {}, options: CallOptions = {}): Promise<JobPage> {
    return unwrap(await this.api.GET('/jobs', { params: { query }, signal: options.signal }));
  }

  /** Every page of GET /jobs from `query.cursor` (or the start) on. */
  jobPages(query: JobQuery = {}, options: CallOptions = {}): AsyncGenerator<JobPage, void, undefined> {
    return this.pages('/jobs', { query }, options);
  }

  /** Every job of GET /jobs, page after page: `for await (const job of client.jobs({ queue, status }))`. */
  jobs(query: JobQuery = {}, options: CallOptions = {}): AsyncGenerator<ListedJob, void, undefined> {
    return this.items('/jobs', { query }, options);
  }

  /**
   * Adds an execution (jobs of one queue, all or nothing); a repeated idempotency key in the queue
   * answers the execution it already named. With `waitMs`, the answer comes once the execution has
   * ended, or when the wait runs out, and carries it as `execution`.
   */
  async createExecution(execution: NewExecution, options: WaitOptions = {}): Promise<CreatedExecution> {
    const query = options.waitMs === undefined ? undefined : { waitMs: options.waitMs };
    return unwrap(await this.api.POST('/executions', { body: withIdempotencyKey(execution), params: { query }, signal: options.signal }));
  }

  /**
   * Adds jobs to a running execution (fan-out at run time): they may depend on its jobs, and its
   * blocked jobs may wait on them. A worker key may add to executions of its queues, so a remote
   * handler can fan out with the key it claims with.
   */
  async addExecutionJobs(id: string, jobs: NewExecutionJobs['jobs'], options: CallOptions = {}): Promise<AddedExecutionJobs> {
    return unwrap(await this.api.POST('/executions/{id}/jobs', { params: { path: { id } }, body: { jobs }, signal: options.signal }));
  }

  /** The execution's status and counts. With `waitMs`, the answer comes once it has ended, or when the wait runs out. */
  async getExecution(id: string, options: WaitOptions = {}): Promise<Execution> {
    const query = options.waitMs === undefined ? undefined : { waitMs: options.waitMs };
    return unwrap(await this.api.GET('/executions/{id}', { params: { path: { id }, query }, signal: options.signal }));
  }

  /** Every page of a queue's executions still in the store, newest first. */
  executionPages(query: ExecutionQuery = {}, options: CallOptions = {}): AsyncGenerator<ExecutionPage, void, undefined> {
    return this.pages('/executions', { query }, options);
  }

  /** Every execution of a queue still in the store, newest first, page after page. */
  executions(query: ExecutionQuery = {}, options: CallOptions = {}): AsyncGenerator<PageItem<'/executions'>, void, undefined> {
    return this.items('/executions', { query }, options);
  }

  /**
   * Every page of any cursor-paged GET route (`/jobs`, `/executions`, `/executions/{id}/jobs`,
   * `/schedules`, `/queues/{name}/groups`, `/audit`), following nextCursor until it is null.
   */
  async *pages<P extends CursorPagedPath>(path: P, ...[params, options = {}]: PageArgs<P>): AsyncGenerator<PageOf<P>, void, undefined> {
    // openapi-fetch types a call by its literal path; P is any of several, so the call is untyped here
    const get = this.api.GET as unknown as (path: string, init: { params: object; signal?: AbortSignal }) => Promise<FetchResult<unknown>>;
    const given = params as { query?: { cursor?: string } } | undefined;
    let cursor = given?.query?.cursor;
    for (;;) {
      const body = unwrap(await get(path, { params: { ...given, query: { ...given?.query, cursor } }, signal: options.signal }));
      yield body as PageOf<P>;
      const { nextCursor } = body as CursorPage<unknown>;
      if (nextCursor === null) return;
      cursor = nextCursor;
    }
  }

  /** Every item of any cursor-paged GET route, page after page (see pages()). */
  async *items<P extends CursorPagedPath>(path: P, ...args: PageArgs<P>): AsyncGenerator<PageItem<P>, void, undefined> {
    for await (const page of this.pages(path, ...args)) yield* (page as CursorPage<PageItem<P>>).items;
  }
}

/** The success body, or ClaimqApiError for any non-2xx answer. */
function unwrap<T>(result: FetchResult<T>): T {
  if (!result.response.ok) throw ClaimqApiError.fromResponse(result.response, result.error);
  return result.data as T;
}

/**
 * A key of the client's own when the caller gave none, so that a retry after a lost answer finds
 * the job (or execution) the first attempt stored instead of adding a second one.
 */
function withIdempotencyKey<T extends { idempotencyKey?: string }>(body: T): T {
  return { ...body, idempotencyKey: body.idempotencyKey ?? randomUUID() };
}
