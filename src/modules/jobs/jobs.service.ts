import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../domain/clock';
import { InvalidJobSpecError, JobNotFoundError } from '../../domain/errors';
import { EnqueueResult, Job, JobSpec, NewJob } from '../../domain/job';
import { normalizeJobSpec } from '../../domain/job-spec';
import { ClaimqMetrics } from '../metrics/claimq-metrics';
import { CallbackEnqueuer } from '../queue/callback-enqueuer';
import { JobStore, ListPage, ListQuery } from '../queue/job-store';
import { MAX_DELAY_MS } from './job-limits';
import { JOBS_CLOCK } from './jobs-clock.token';

/**
 * Enqueue and read jobs. Plain service: it throws domain errors (the HTTP filter maps them), so
 * code outside HTTP (executions, embedding applications) can call it as well.
 */
@Injectable()
export class JobsService {
  private readonly callbacks: CallbackEnqueuer;

  constructor(
    @Inject(JobStore) private readonly store: JobStore,
    private readonly config: AppConfig,
    @Inject(JOBS_CLOCK) private readonly clock: Clock,
    @Optional() private readonly metrics?: ClaimqMetrics,
  ) {
    this.callbacks = new CallbackEnqueuer(store, clock, config.maxPayloadBytes, new Logger('Jobs'));
  }

  /** `created: false` when the idempotency key matched an existing job, which is returned. */
  async create(spec: JobSpec): Promise<EnqueueResult> {
    const [result] = await this.store.enqueue([this.normalize(spec, '')]);
    this.countEnqueued([result]);
    return result;
  }

  /**
   * Validates and normalizes every job before writing any. The store's enqueue is atomic per
   * queue, so the jobs are written one queue at a time: when they span queues and the store
   * fails part-way (e.g. Redis goes away), the queues already written keep their jobs. Clients
   * that need exactly-once across queues send idempotency keys and retry the whole bulk.
   * Returns the ids in request order.
   */
  async createMany(specs: JobSpec[]): Promise<string[]> {
    const jobs = specs.map((spec, i) => this.normalize(spec, `jobs.${i}.`));
    const byQueue = new Map<string, number[]>();
    jobs.forEach((job, i) => byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), i]));
    const ids: string[] = new Array(jobs.length);
    for (const indexes of byQueue.values()) {
      const results = await this.store.enqueue(indexes.map((i) => jobs[i]));
      this.countEnqueued(results);
      results.forEach((result, k) => (ids[indexes[k]] = result.job.id));
    }
    return ids;
  }

  async get(id: string): Promise<Job> {
    const job = await this.store.get(id);
    if (!job) throw new JobNotFoundError(id);
    return job;
  }

  list(query: ListQuery): Promise<ListPage> {
    return this.store.list(query);
  }

  /**
   * A pending or scheduled job is cancelled at once, and when it has a callbackUrl its callback is
   * enqueued before the answer, as a worker does for the jobs it ends (one CallbackEnqueuer, the
   * same idempotency key). A running job is only asked to cancel: its worker ends it and calls back.
   */
  async cancel(id: string): Promise<Job> {
    const job = await this.store.cancel(id);
    if (job.status === 'cancelled' && job.callbackUrl) await this.callbacks.send(job.id);
    return job;
  }

  retry(id: string): Promise<Job> {
    return this.store.retry(id);
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

  /** `path` prefixes field names in errors (`jobs.3.`) so a bulk names the job at fault. */
  private normalize(spec: JobSpec, path: string): NewJob {
    const now = this.clock.now();
    if (spec.runAt !== undefined && spec.runAt > now + MAX_DELAY_MS) {
      throw new InvalidJobSpecError(`${path}runAt`, `must be at most ${MAX_DELAY_MS / 86_400_000} days from now`);
    }
    try {
      return normalizeJobSpec(spec, { now, maxPayloadBytes: this.config.maxPayloadBytes }, `${path}payload`);
    } catch (err) {
      if (err instanceof InvalidJobSpecError && path !== '') throw new InvalidJobSpecError(`${path}${err.field}`, err.reason);
      throw err;
    }
  }
}
