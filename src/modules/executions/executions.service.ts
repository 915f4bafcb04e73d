import { Inject, Injectable, Optional } from '@nestjs/common';
import { ExecutionNotFoundError, InvalidJobSpecError } from '../../domain/errors';
import { Execution, ExecutionRecord, MAX_EXECUTION_JOBS, newExecutionId, toExecution } from '../../domain/execution';
import { Job, JobSpec, NewJob } from '../../domain/job';
import { attachAddition, attachGraph, GraphSpecError } from '../../domain/job-graph';
import { idTail, queueOfJobId, withPartition } from '../../domain/job-id';
import { JobsService } from '../jobs';
import { HistoryQueryService } from '../history';
import { ExecutionStore, ListPage } from '../queue';
import { Enqueued, JobTracer } from '../tracing';

/** Jobs read per page of GET /executions/:id/graph. */
const GRAPH_PAGE = 1000;

/**
 * Create, read and cancel executions. The status is derived from the store's counters, which are
 * always current (the `executions` table in PostgreSQL follows them through the refresh). Once
 * EXECUTION_RETENTION_MS has removed a finished execution from the store, a read answers from that
 * table (HistoryModule, present only when DATABASE_URL is set, hence @Optional).
 */
@Injectable()
export class ExecutionsService {
  constructor(
    @Inject(ExecutionStore) private readonly executions: ExecutionStore,
    private readonly jobs: JobsService,
    private readonly tracer: JobTracer,
    @Optional() private readonly history?: HistoryQueryService,
  ) {}

  /** `created` is false when `idempotencyKey` named an execution of the queue: that one is returned. */
  async create(specs: JobSpec[], callbackUrl?: string, idempotencyKey?: string): Promise<{ id: string; total: number; created: boolean }> {
    const jobs = this.jobs.normalizeMany(specs);
    this.jobs.checkEgress(callbackUrl, 'callbackUrl');
    const queue = jobs[0].queue;
    const stray = jobs.findIndex((job) => job.queue !== queue);
    if (stray >= 0) {
      throw new InvalidJobSpecError(`jobs.${stray}.queue`, `must be ${queue}, the queue of jobs.0: an execution's jobs share one queue`);
    }
    const id = newExecutionId(queue);
    for (const job of jobs) job.executionId = id;
    placeInGraph(specs, jobs);
    const execution = {
      id,
      queue,
      ...(callbackUrl !== undefined ? { callbackUrl } : {}),
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    };
    const record = await this.tracer.traceEnqueue(jobs, () => this.executions.create(execution, jobs), enqueuedExecution);
    // a partitioned queue gives the execution an id naming its partition, with this id's tail
    return { id: record.id, total: record.total, created: idTail(record.id) === idTail(id) };
  }

  async get(id: string): Promise<Execution> {
    const record = (await this.executions.get(id)) ?? (await this.history?.findExecution(id));
    if (!record) throw new ExecutionNotFoundError(id);
    return toExecution(record);
  }

  /**
   * The queue's executions still in the store, newest first (those EXECUTION_RETENTION_MS has
   * removed are in history only). Each as GET /executions/:id shows it.
   */
  async list(queue: string, limit: number, cursor?: string): Promise<{ items: Execution[]; nextCursor: string | null }> {
    this.jobs.checkQueue(queue, 'queue');
    const page = await this.executions.list(queue, limit, cursor);
    return { items: page.items.map(toExecution), nextCursor: page.nextCursor };
  }

  listJobs(id: string, limit: number, cursor?: string): Promise<ListPage> {
    return this.executions.listJobs(id, limit, cursor);
  }

  /**
   * Adds jobs to a running execution (fan-out at run time; README, Job graphs): each of its queue
   * unless it names it, placed in the graph by attachAddition against the execution's jobs as they
   * stand, then added all or nothing by the store, which checks again what may have moved since
   * (the execution ended, a requiredBy job stopped waiting: 409).
   */
  async addJobs(id: string, specs: Array<JobSpec & { requiredBy?: string[] }>): Promise<{ id: string; total: number; jobIds: string[] }> {
    const { execution, jobs: existing } = await this.graph(id);
    const jobs = this.jobs.normalizeMany(specs.map((s) => ({ ...s, queue: s.queue ?? execution.queue })));
    const stray = jobs.findIndex((job) => job.queue !== execution.queue);
    if (stray >= 0) throw new InvalidJobSpecError(`jobs.${stray}.queue`, `must be ${execution.queue}, the queue of the execution`);
    for (const job of jobs) job.executionId = id;
    try {
      attachAddition(existing, specs, jobs, MAX_EXECUTION_JOBS);
    } catch (err) {
      if (err instanceof GraphSpecError) throw new InvalidJobSpecError(`jobs.${err.index}.${err.field}`, err.reason);
      throw err;
    }
    const record = await this.tracer.traceEnqueue(jobs, () => this.executions.addJobs(id, jobs), enqueuedExecution);
    // a partitioned queue's execution names its partition: its jobs' ids were moved there
    const partition = queueOfJobId(id) ?? execution.queue;
    return { id, total: record.total, jobIds: jobs.map((j) => withPartition(j.id, partition)) };
  }

  /**
   * The execution and every job of its graph: from the store while it holds the execution, else
   * (retention removed it) from job history, whose job rows keep each job's key and parents.
   */
  async graph(id: string): Promise<{ execution: Execution; jobs: GraphJob[]; source: 'store' | 'history' }> {
    const stored = await this.executions.get(id);
    if (!stored) {
      const record = await this.history?.findExecution(id);
      if (!record || !this.history) throw new ExecutionNotFoundError(id);
      const jobs = await this.history.listExecutionJobs(id, record.createdAt, MAX_EXECUTION_JOBS, record.total);
      return { execution: toExecution(record), jobs: jobs.map((job) => ({ ...job, type: job.type ?? '' })), source: 'history' };
    }
    const jobs: Job[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.executions.listJobs(id, GRAPH_PAGE, cursor);
      jobs.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && jobs.length < MAX_EXECUTION_JOBS);
    return { execution: toExecution(stored), jobs, source: 'store' };
  }

  async cancel(id: string): Promise<Execution> {
    return toExecution(await this.executions.cancel(id));
  }
}

/** A job as an execution's graph shows it (a stored job, or job history's record of it). */
export type GraphJob = Pick<Job, 'id' | 'type' | 'status' | 'attempts' | 'key' | 'dependsOn' | 'lastError'>;

/** An execution's enqueue span names the execution (the id its partition gave it), not each job. */
function enqueuedExecution(record: ExecutionRecord): Enqueued {
  return { jobIds: [], executionId: record.id };
}

/** attachGraph, its errors as 400s naming the job's field. */
function placeInGraph(specs: readonly JobSpec[], jobs: NewJob[]): void {
  try {
    attachGraph(specs, jobs);
  } catch (err) {
    if (err instanceof GraphSpecError) throw new InvalidJobSpecError(`jobs.${err.index}.${err.field}`, err.reason);
    throw err;
  }
}
