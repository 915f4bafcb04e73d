import type { components, paths } from './schema';

/**
 * Types read off the generated `paths` rather than written out by hand, so regenerating schema.ts
 * (npm run openapi) is all it takes to follow the service.
 */

type HttpMethod = 'get' | 'put' | 'post' | 'delete';

/** The operation `method` on `path` (never when the route has no such method). */
export type Operation<P extends keyof paths, M extends HttpMethod> = paths[P] extends { [K in M]: infer O } ? O : never;

/** The JSON body an operation takes. */
export type JsonRequestBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

type SuccessStatus = 200 | 201 | 202 | 203 | 206;

/** The JSON body of an operation's 2xx answers (a union when they differ). */
export type JsonSuccessBody<O> = O extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: R[S] extends { content: { 'application/json': infer B } } ? B : never }[keyof R & SuccessStatus]
  : never;

/** An operation's query parameters (never when it takes none). */
export type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The `params` openapi-fetch takes for an operation: `path` and `query`. */
export type OperationParams<O> = O extends { parameters: infer P } ? P : never;

/** One page of a cursor-paged listing. */
export interface CursorPage<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The GET routes that take a `cursor` and answer `{ items, nextCursor }`. */
export type CursorPagedPath = {
  [P in keyof paths]: [QueryParams<Operation<P, 'get'>>] extends [never]
    ? never
    : 'cursor' extends keyof QueryParams<Operation<P, 'get'>>
      ? JsonSuccessBody<Operation<P, 'get'>> extends CursorPage<unknown>
        ? P
        : never
      : never;
}[keyof paths];

/** The page a cursor-paged route answers. */
export type PageOf<P extends CursorPagedPath> = JsonSuccessBody<Operation<P, 'get'>>;

type ItemOf<Page> = Page extends { items: (infer I)[] } ? I : never;

/** One item of the pages a cursor-paged route answers. */
export type PageItem<P extends CursorPagedPath> = ItemOf<PageOf<P>>;

/** What POST /jobs takes. */
export type NewJob = JsonRequestBody<Operation<'/jobs', 'post'>>;
/** What POST /jobs answers: the job added, or the one its idempotency key already named. */
export type CreatedJob = JsonSuccessBody<Operation<'/jobs', 'post'>>;
/** What POST /jobs/bulk answers: the ids in request order. */
export type CreatedJobs = JsonSuccessBody<Operation<'/jobs/bulk', 'post'>>;
/** A job as GET /jobs/:id answers it: from the store, or from job history once retention removed it. */
export type Job = JsonSuccessBody<Operation<'/jobs/{id}', 'get'>>;
/** A job after cancel or retry (always from the store). */
export type StoredJob = JsonSuccessBody<Operation<'/jobs/{id}/cancel', 'post'>>;
/** The filters of GET /jobs. */
export type JobQuery = QueryParams<Operation<'/jobs', 'get'>>;
/** A page of GET /jobs. */
export type JobPage = PageOf<'/jobs'>;
/** One job of a GET /jobs page. */
export type ListedJob = PageItem<'/jobs'>;
/** What POST /executions takes. */
export type NewExecution = JsonRequestBody<Operation<'/executions', 'post'>>;
/** What POST /executions answers: `{ id, total }`. */
export type CreatedExecution = JsonSuccessBody<Operation<'/executions', 'post'>>;
/** What POST /executions/:id/jobs takes: the jobs to add (they may depend on the execution's). */
export type NewExecutionJobs = JsonRequestBody<Operation<'/executions/{id}/jobs', 'post'>>;
/** What POST /executions/:id/jobs answers: `{ id, total, ... }`. */
export type AddedExecutionJobs = JsonSuccessBody<Operation<'/executions/{id}/jobs', 'post'>>;
/** An execution as GET /executions/:id answers it. */
export type Execution = JsonSuccessBody<Operation<'/executions/{id}', 'get'>>;
/** The filters of GET /executions. */
export type ExecutionQuery = QueryParams<Operation<'/executions', 'get'>>;
/** A page of GET /executions. */
export type ExecutionPage = PageOf<'/executions'>;

/** The JSON body of every error response: `{ statusCode, error, message, code?, errors? }`. */
export type ClaimqErrorBody = components['schemas']['ErrorResponseDto'];

/** One input problem of a 400 or 413: the field's path (`jobs.3.type`) and what is wrong. */
export type FieldError = NonNullable<ClaimqErrorBody['errors']>[number];
