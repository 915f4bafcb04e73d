import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { InvalidJobSpecError } from '../../domain/errors';
import { EnqueueResult, Job, JobSpec, NewJob } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { EgressPolicy } from '../../domain/egress-policy';
import { HTTP_JOB_TYPE } from '../../domain/http-job';
import { HttpJobSecrets } from '../../domain/http-job-secrets';
import { SCHEDULE_KEY_PREFIX } from '../../domain/schedule';
import { MAX_PAYLOAD_DEPTH, PAYLOAD_TOO_DEEP, pathBeyondDepth } from '../../domain/json-depth';
import { ClaimqMetrics } from '../metrics';
import { CallbackEnqueuer, JobAdmin, JobQueue, ListPage, ListQuery } from '../queue';
import { enqueuedJobs, JobTracer } from '../tracing';
import { MAX_DELAY_MS } from './job-limits';
import { AcceptedQueues } from './accepted-queues';
import { BulkAction, BulkActionQuery, BulkActionResult, runBulkAction } from './bulk-job-action';
import { EnqueueBatcher } from './enqueue-batcher';

/**
 * Enqueue and read jobs. Plain service: it throws domain errors (the HTTP filter maps them), so
 * code outside HTTP (executions, embedding applications) can call it as well.
 */
@Injectable()
export class JobsService {
  private readonly queues: AcceptedQueues;
  private readonly secrets: HttpJobSecrets;
  private readonly egress: EgressPolicy;
  private readonly batcher: EnqueueBatcher;

  constructor(
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly callbacks: CallbackEnqueuer,
    private readonly tracer: JobTracer,
    @Optional() private readonly metrics?: ClaimqMetrics,
  ) {
    this.queues = new AcceptedQueues(config.queues);
    this.secrets = config.httpJobSecrets();
    this.egress = config.egressPolicy();
    this.batcher = new EnqueueBatcher((jobs) => this.jobs.enqueue(jobs));
  }

  /**
   * `created: false` when the idempotency key matched an existing job, which is returned. The jobs
   * of the requests of one event-loop turn are written together (EnqueueBatcher), except on a
   * partitioned queue (QUEUES `name:N`), where a call of jobs whose keys live in several
   * partitions is a staged write across them: there each job is its own call, as before. With
   * tracing on, an `enqueue` span covers the write, in the active trace (the request's).
   */
  async create(spec: JobSpec): Promise<EnqueueResult> {
    const job = this.normalize(spec, '');
    const result = this.tracer.enabled ? await this.tracer.traceEnqueue([job], () => this.enqueueOne(job), (one) => enqueuedJobs([one])) : await this.enqueueOne(job);
    this.countEnqueued([result]);
    return result;
  }

  private async enqueueOne(job: NewJob): Promise<EnqueueResult> {
    return (this.config.queuePartitions.get(job.queue) ?? 1) > 1 ? (await this.jobs.enqueue([job]))[0] : this.batcher.add(job);
  }

  /**
   * Validates and normalizes every job, then writes them in one store call, which is atomic for
   * one queue only: so a bulk's jobs share one queue (400 naming the first stray), and the bulk is
   * all or nothing. Returns the ids in request order.
   */
  async createMany(specs: JobSpec[]): Promise<string[]> {
    const jobs = this.normalizeMany(specs);
    const queue = jobs[0]?.queue;
    const stray = jobs.findIndex((job) => job.queue !== queue);
    if (stray >= 0) {
      throw new InvalidJobSpecError(`jobs.${stray}.queue`, `must be ${queue}, the queue of jobs.0: a bulk's jobs share one queue`);
    }
    const results = await this.tracer.traceEnqueue(jobs, () => this.jobs.enqueue(jobs), enqueuedJobs);
    this.countEnqueued(results);
    return results.map((result) => result.job.id);
  }

  /** A queue outside QUEUES is refused (400 naming `queue`), as an enqueue into it would be. */
  list(query: ListQuery): Promise<ListPage> {
    this.queues.check(query.queue, 'queue');
    return this.admin.list(query);
  }

  /**
   * A pending or scheduled job is cancelled at once, and when it has a callbackUrl its callback is
   * enqueued before the answer, as a worker does for the jobs it ends (one CallbackEnqueuer, the
   * same idempotency key). A running job is only asked to cancel: its worker ends it and calls back.
   */
  async cancel(id: string): Promise<Job> {
    const job = await this.admin.cancel(id);
    if (job.status === 'cancelled' && job.callbackUrl) await this.callbacks.send(job.id);
    return job;
  }

  retry(id: string): Promise<Job> {
    return this.admin.retry(id);
  }

  /** A scheduled job (delayed, or waiting out a retry backoff) runs now: pending, in its priority and group. */
  promote(id: string): Promise<Job> {
    return this.admin.promote(id);
  }

  /** The live job `key` names in `queue` (a queue outside QUEUES: 400 naming `queue`), or null. */
  findByIdempotencyKey(queue: string, key: string): Promise<Job | null> {
    this.queues.check(queue, 'queue');
    return this.admin.findByIdempotencyKey(queue, key);
  }

  /**
   * One batch of a bulk cancel or retry (bulk-job-action.ts): cancels go through cancel above, so
   * a job's callback is sent as for a single cancel. The queue is the route's `name`.
   */
  bulk(action: BulkAction, query: BulkActionQuery): Promise<BulkActionResult> {
    this.checkQueue(query.queue, 'name');
    return runBulkAction(this, action, query);
  }

  /** 400 naming `field` when `queue` is not one of QUEUES. */
  checkQueue(queue: string, field: string): void {
    this.queues.check(queue, field);
  }

  private countEnqueued(results: EnqueueResult[]): void {
    if (!this.metrics) return;
    for (const { job, created } of results) if (created) this.metrics.jobEnqueued(job.queue, job.type);
  }

  /**
   * Applies the rules of POST /jobs to many specs without writing them (executions write them
   * with their counters). Errors name the job at fault as `jobs.<index>.<field>`.
   */
  normalizeMany(specs: JobSpec[]): NewJob[] {
    return specs.map((spec, i) => this.normalize(spec, `jobs.${i}.`));
  }

  /**
   * Applies the rules of POST /jobs to one spec without writing it; `path` prefixes field names in
   * errors (`job.` for a schedule's job template, `jobs.3.` for a bulk's job).
   */
  normalize(spec: JobSpec, path: string): NewJob {
    const now = this.clock.now();
    if (spec.idempotencyKey?.startsWith(SCHEDULE_KEY_PREFIX)) {
      throw new InvalidJobSpecError(`${path}idempotencyKey`, `must not start with ${SCHEDULE_KEY_PREFIX}, which is reserved for the jobs of schedules`);
    }
    // Before normalizeJobSpec's JSON.stringify, which is recursive too.
    if (pathBeyondDepth(spec.payload, MAX_PAYLOAD_DEPTH)) throw new InvalidJobSpecError(`${path}payload`, PAYLOAD_TOO_DEEP);
    if (spec.runAt !== undefined && spec.runAt > now + MAX_DELAY_MS) {
      throw new InvalidJobSpecError(`${path}runAt`, `must be at most ${MAX_DELAY_MS / 86_400_000} days from now`);
    }
    let job: NewJob;
    try {
      job = normalizeJobSpec(spec, { now, maxPayloadBytes: this.config.maxPayloadBytes, secrets: this.secrets, hostGroups: this.config.hostGroups }, `${path}payload`);
    } catch (err) {
      if (err instanceof InvalidJobSpecError && path !== '') throw new InvalidJobSpecError(`${path}${err.field}`, err.reason);
      throw err;
    }
    this.queues.check(job.queue, `${path}queue`);
    if (spec.type === HTTP_JOB_TYPE) this.checkEgress((spec.payload as { url?: unknown } | undefined)?.url, `${path}payload.url`);
    this.checkEgress(spec.callbackUrl, `${path}callbackUrl`);
    return job;
  }

  /**
   * A URL whose host is an IP address the egress policy refuses is refused here (400), rather
   * than as a job that fails; a host name is judged by the worker on the address it resolves to.
   */
  checkEgress(url: unknown, field: string): void {
    if (typeof url !== 'string') return;
    const verdict = this.egress.judgeUrlHost(url);
    if (!verdict.allowed) throw new InvalidJobSpecError(field, `${new URL(url).hostname} is refused by the egress policy (${verdict.rule})`);
  }
}
