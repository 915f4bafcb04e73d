import { ExecutionRecord, NewExecution } from '../../domain/execution';
import { NewJob } from '../../domain/job';
import { ListPage } from './job-admin';

/**
 * Executions: groups of jobs whose counters every job transition keeps exact, in the same atomic
 * step, and whose id then joins the queue's refresh set (the execution is dirty). One port of the
 * job engine (job-engine.ts), injected by its own token.
 */
export abstract class ExecutionStore {
  /**
   * Creates the execution and enqueues its jobs, all or nothing. Every job must be of the
   * execution's queue and carry `executionId = execution.id`. A job whose idempotency key matches
   * an existing job is not added and does not count in the execution's total. When
   * `execution.idempotencyKey` names an execution of the queue still stored, nothing is added and
   * that execution is returned: its id is not `execution.id`.
   */
  abstract create(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord>;

  /**
   * Adds jobs to a running execution, all or nothing (fan-out at run time; attachAddition in
   * src/domain/job-graph.ts placed them): each joins the execution's counters and list; a parent
   * that has ended settles its edge at once (a success passes its result; a failure applies the
   * job's policy); each `requiredByIds` job, still blocked, waits on the new job too. Throws
   * ExecutionNotFoundError, or GraphConflictError when the execution has ended or a
   * `requiredByIds` job no longer waits (nothing is added then).
   */
  abstract addJobs(id: string, jobs: NewJob[]): Promise<ExecutionRecord>;

  abstract get(id: string): Promise<ExecutionRecord | null>;

  /**
   * The queue's executions still stored, newest first (creation time, then id, both descending).
   * `cursor` (opaque) names the position after the last one of the page before, so executions
   * created or trimmed meanwhile make a page neither skip nor repeat one.
   */
  abstract list(queue: string, limit: number, cursor?: string): Promise<ExecutionPage>;

  /** The execution's jobs in the order they were given; `cursor` is opaque. Throws ExecutionNotFoundError. */
  abstract listJobs(id: string, limit: number, cursor?: string): Promise<ListPage>;

  /**
   * Cancels every job of the execution that has not finished (pending|scheduled -> cancelled,
   * running -> cancel requested). Returns the counters after. Throws ExecutionNotFoundError.
   */
  abstract cancel(id: string): Promise<ExecutionRecord>;

  /**
   * Takes up to `max` dirty executions of the queue out of its refresh set and marks them in
   * flight for `refresherId` at now, in one atomic step; returns their counters. An execution
   * dirtied again meanwhile is back in the refresh set, and is claimed again later.
   */
  abstract claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]>;

  /**
   * Ends the in-flight refreshes of `refresherId` for these executions; `callbacksEnqueued` names
   * those whose callback job was enqueued (flagged on the execution, so it is never sent again).
   */
  abstract ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void>;

  /** In-flight refreshes claimed more than `staleMs` ago (their refresher died) -> dirty again. */
  abstract requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number>;

  /**
   * Deletes executions acknowledged final (callback enqueued, if any) more than `retentionMs`
   * ago, at most `limit`; one dirty again, in flight or running again is kept. Their jobs may
   * outlive them: a later change of such a job (a retry) leaves no counters behind. Returns how many.
   */
  abstract trim(queue: string, retentionMs: number, limit: number): Promise<number>;

  /** Dirty executions waiting (backlog) and refreshes in flight, for observability. */
  abstract refreshBacklog(queue: string): Promise<RefreshBacklog>;
}

export interface ExecutionPage {
  items: ExecutionRecord[];
  nextCursor: string | null;
}

export interface RefreshBacklog {
  backlog: number;
  inFlight: number;
}
