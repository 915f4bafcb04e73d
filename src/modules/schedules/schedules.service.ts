import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { ScheduleNotFoundError } from '../../domain/errors';
import { DEFAULT_QUEUE, Job, JobSpec } from '../../domain/job';
import {
  anchorOf,
  CatchUpPolicy,
  checkScheduleDefinition,
  DEFAULT_MAX_CATCH_UP,
  NEXT_RUNS_SHOWN,
  nextTick,
  OverlapPolicy,
  sameTicks,
  ScheduleDefinition,
  StoredSchedule,
  triggerIdempotencyKey,
  upcomingTicks,
  validateScheduleName,
} from '../../domain/schedule';
import { AcceptedQueues } from '../jobs';
import { JobsService } from '../jobs';
import { ClaimqMetrics } from '../metrics';
import { JobAdmin, JobQueue, ScheduleStore } from '../queue';
import { enqueuedJobs, JobTracer } from '../tracing';
import { jobOf } from './schedule-firer';
import { SchedulerService } from './scheduler.service';

/** What a client asks for (PUT /schedules/:name), times as epoch ms. */
export interface ScheduleSpec {
  queue?: string;
  cron?: string;
  everyMs?: number;
  timezone?: string;
  job: Omit<JobSpec, 'queue' | 'delayMs' | 'runAt' | 'idempotencyKey'>;
  overlap?: OverlapPolicy;
  catchUp?: CatchUpPolicy;
  maxCatchUp?: number;
  startAt?: number;
  endAt?: number;
  paused?: boolean;
}

/** A schedule with what GET /schedules/:name adds: the coming ticks and the latest runs' jobs. */
export interface ScheduleDetail {
  schedule: StoredSchedule;
  nextRuns: number[];
  lastRuns: { fireAt: number; jobId: string; trigger?: boolean; job: Job | null }[];
}

/**
 * The schedules API (SchedulesController), also for code that embeds claimq. Plain service: it
 * throws domain errors. Changes wake this instance's scheduler, so a schedule due soon fires on
 * time without waiting for SCHEDULER_POLL_MS.
 */
@Injectable()
export class SchedulesService {
  private readonly queues: AcceptedQueues;
  private readonly hostGroups: boolean;

  constructor(
    @Inject(ScheduleStore) private readonly schedules: ScheduleStore,
    @Inject(JobQueue) private readonly jobQueue: JobQueue,
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    private readonly jobs: JobsService,
    @Inject(CLOCK) private readonly clock: Clock,
    config: AppConfig,
    private readonly tracer: JobTracer,
    @Optional() private readonly scheduler?: SchedulerService,
    @Optional() private readonly metrics?: ClaimqMetrics,
  ) {
    this.queues = new AcceptedQueues(config.queues);
    this.hostGroups = config.hostGroups;
  }

  /** Creates (`created: true`) or replaces the schedule; ticks are computed from now. */
  async put(name: string, spec: ScheduleSpec): Promise<{ created: boolean; schedule: StoredSchedule }> {
    validateScheduleName(name);
    const queue = spec.queue ?? DEFAULT_QUEUE;
    this.queues.check(queue, 'queue');
    // the rules of POST /jobs (payload size and depth, http url and egress, secret headers sealed)
    const job = this.jobs.normalize({ ...spec.job, queue }, 'job.');
    const definition: ScheduleDefinition = {
      queue,
      timezone: spec.timezone ?? 'UTC',
      job: {
        type: job.type,
        payloadJson: job.payloadJson,
        priority: job.priority,
        maxAttempts: job.maxAttempts,
        backoff: job.backoff,
        timeoutMs: job.timeoutMs,
        ...(job.callbackUrl !== undefined ? { callbackUrl: job.callbackUrl } : {}),
        // the group asked for (normalize checked it), not the host group normalize may have given
        ...(spec.job.group !== undefined ? { group: spec.job.group } : {}),
      },
      overlap: spec.overlap ?? 'allow',
      catchUp: spec.catchUp ?? 'latest',
      maxCatchUp: spec.maxCatchUp ?? DEFAULT_MAX_CATCH_UP,
    };
    if (spec.cron !== undefined) definition.cron = spec.cron;
    if (spec.everyMs !== undefined) definition.everyMs = spec.everyMs;
    if (spec.startAt !== undefined) definition.startAt = spec.startAt;
    if (spec.endAt !== undefined) definition.endAt = spec.endAt;
    const now = this.clock.now();
    const existing = await this.schedules.get(name);
    // everyMs ticks count from startAt, or from the schedule's first creation (kept by replaces)
    if (definition.everyMs !== undefined && definition.startAt === undefined) definition.anchor = existing ? anchorOf(existing) : now;
    checkScheduleDefinition(definition);
    // a replace that keeps the ticks keeps the schedule's place (a tick due and not yet fired, as
    // one held by a scheduler that died, still fires); new ticks, or a paused schedule, start from now
    const keepPlace = existing !== null && !existing.paused && sameTicks(existing.definition, definition);
    const nextAt = keepPlace ? existing.nextAt : nextTick(definition, now, definition.anchor ?? now);
    const result = await this.schedules.put(name, definition, nextAt, spec.paused ?? false);
    this.scheduler?.wake();
    return result;
  }

  async get(name: string): Promise<ScheduleDetail> {
    const schedule = await this.find(name);
    const nextRuns = schedule.paused ? [] : upcomingTicks(schedule.definition, schedule.nextAt, anchorOf(schedule), NEXT_RUNS_SHOWN);
    const runs = schedule.runs ?? [];
    const jobs = await Promise.all(runs.map((run) => this.admin.get(run.jobId)));
    return { schedule, nextRuns, lastRuns: runs.map((run, i) => ({ ...run, job: jobs[i] })) };
  }

  list(limit: number, cursor?: string): Promise<{ items: StoredSchedule[]; nextCursor: string | null }> {
    return this.schedules.list(limit, cursor);
  }

  async delete(name: string): Promise<void> {
    if (!(await this.schedules.delete(name))) throw new ScheduleNotFoundError(name);
  }

  async pause(name: string): Promise<StoredSchedule> {
    return this.orNotFound(name, await this.schedules.setPaused(name, true, null));
  }

  /**
   * Resumes at the first tick after now: ticks that passed while paused are not caught up. A
   * schedule that is not paused is left as it is.
   */
  async resume(name: string): Promise<StoredSchedule> {
    const schedule = await this.find(name);
    if (!schedule.paused) return schedule;
    const nextAt = nextTick(schedule.definition, this.clock.now(), anchorOf(schedule));
    const resumed = this.orNotFound(name, await this.schedules.setPaused(name, false, nextAt));
    this.scheduler?.wake();
    return resumed;
  }

  /**
   * Fires the schedule once, now, whatever its ticks, pause or overlap rule: an operator's explicit
   * run. The job carries `schedule: {name, fireAt: now}` and its own idempotency key.
   */
  async trigger(name: string): Promise<{ jobId: string; fireAt: number }> {
    const schedule = await this.find(name);
    const now = this.clock.now();
    const job = jobOf(name, schedule.definition, now, now, { idempotencyKey: triggerIdempotencyKey(name, now), hostGroups: this.hostGroups });
    const [result] = await this.tracer.traceEnqueue([job], () => this.jobQueue.enqueue([job]), enqueuedJobs);
    if (!(await this.schedules.recordRun(name, { fireAt: now, jobId: result.job.id, trigger: true }))) {
      // deleted between the read and the record: the job stands, as any job a schedule made
      throw new ScheduleNotFoundError(name);
    }
    if (result.created) this.metrics?.scheduleFired(job.queue, job.type, this.clock.now() - now);
    return { jobId: result.job.id, fireAt: now };
  }

  private async find(name: string): Promise<StoredSchedule> {
    validateScheduleName(name);
    return this.orNotFound(name, await this.schedules.get(name));
  }

  private orNotFound(name: string, schedule: StoredSchedule | null): StoredSchedule {
    if (!schedule) throw new ScheduleNotFoundError(name);
    return schedule;
  }
}

