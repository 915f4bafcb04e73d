import { Clock } from '../../domain/clock';
import { HTTP_JOB_TYPE } from '../../domain/http-job';
import { isFinal, NewJob } from '../../domain/job';
import { defaultGroupOf } from '../../domain/job-spec';
import { newJobId } from '../../domain/job-id';
import { anchorOf, FirePlan, nextTick, planFire, ScheduleDefinition, ScheduleRun, tickIdempotencyKey } from '../../domain/schedule';
import { ClaimqMetrics } from '../metrics';
import { ClaimedSchedule, JobAdmin, JobQueue, ScheduleSettlement, ScheduleStore } from '../queue';
import { JobTracer, NOOP_JOB_TRACER } from '../tracing';

export interface ScheduleFirerOptions {
  batch: number;
  leaseMs: number;
  misfireGraceMs: number;
  /**
   * How long before their tick schedules are claimed and their fires prepared (the claim, the
   * definitions read, the cron times computed), so that at the tick only the enqueue is left.
   * Must be well under leaseMs. 0: claimed when due.
   */
  aheadMs?: number;
  /**
   * A schedule whose fire could not be planned (a definition this version cannot evaluate, as in a
   * rolling upgrade, or a time zone this runtime does not know): it stays claimed, and is tried
   * again by whichever instance claims it after its lease.
   */
  onPlanError?: (name: string, error: unknown) => void;
  /** HTTP_HOST_CONCURRENCY > 0: an `http` job whose template has no group gets its host's (jobOf). */
  hostGroups?: boolean;
  /** Traces each fire's enqueue, a trace of its own per job (default: off). */
  tracer?: JobTracer;
}

/** The scheduler's aheadMs: preparing 1,000 fires takes tens of ms on a busy 2-core machine. */
export const FIRE_AHEAD_MS = 500;

/** Jobs per enqueue call when a queue's fires are many (a catch-up of 1,000 schedules). */
const ENQUEUE_CHUNK = 1_000;
/** Schedules per settle call. */
const SETTLE_CHUNK = 200;
/** Schedules planned between two yields to the event loop (a long catch-up walks many ticks). */
const PLAN_SLICE = 50;

/** What one pass did, for the loop that runs passes. */
export interface FirePass {
  /** Schedules claimed. */
  claimed: number;
  /** Jobs made (fires whose job already existed, from a fire cut short before, not counted). */
  fired: number;
  /** The claim took a full batch: more may be due now. */
  full: boolean;
  /** The earliest due time (or lease end) left in the index. */
  nextDueAt: number | null;
}

interface Fire {
  claimed: ClaimedSchedule;
  plan: FirePlan;
  /** The ticks that make jobs after the overlap rule; the rest of plan.fire are skipped. */
  ticks: number[];
  skipped: number;
  jobs: NewJob[];
  runs: ScheduleRun[];
}

/**
 * One scheduler pass: claim due schedules (a lease and a fencing token each), work out their due
 * ticks (planFire: catchUp), skip those whose previous run is live (overlap 'skip'), enqueue one
 * job per tick with the idempotency key of (schedule, tick), and record the fire (settle). No Nest
 * here: SchedulerService runs passes, tests call pass() on a clock they move.
 *
 * Exactly once: a tick's job is made only by the holder of the schedule's claim, and its
 * idempotency key makes a repeat (a fire cut short by a crash, done again by the next claimer
 * after the lease) return the job already made. So whichever instance and however many times,
 * one tick makes one job, as long as that job is still in the store when the repeat comes
 * (SCHEDULER_LEASE_MS against the queue's retention; README, Schedules).
 */
export class ScheduleFirer {
  constructor(
    private readonly schedules: ScheduleStore,
    private readonly jobs: JobQueue,
    private readonly admin: JobAdmin,
    private readonly clock: Clock,
    private readonly options: ScheduleFirerOptions,
    private readonly metrics?: ClaimqMetrics,
  ) {}

  async pass(): Promise<FirePass> {
    const { claimed, nextDueAt } = await this.schedules.claimDue(this.options.batch, this.options.leaseMs, this.options.aheadMs ?? 0);
    if (claimed.length === 0) return { claimed: 0, fired: 0, full: false, nextDueAt };
    const fires: Fire[] = [];
    for (let i = 0; i < claimed.length; i += PLAN_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const now = this.clock.now();
      for (const c of claimed.slice(i, i + PLAN_SLICE)) {
        const fire = this.plan(c, now);
        if (fire) fires.push(fire);
      }
    }
    const made = new Set<string>();
    // each group of fires when its time has come, earliest first; the overlap rule looks at the
    // previous run then, not when the fire was prepared
    for (const [dueAt, group] of byDueTime(fires, this.clock.now())) {
      await this.until(dueAt);
      await this.applyOverlap(group);
      for (const id of await this.enqueue(group)) made.add(id);
    }
    const settlements = fires.map((f) => this.settlement(f));
    for (let i = 0; i < settlements.length; i += SETTLE_CHUNK) await this.schedules.settle(settlements.slice(i, i + SETTLE_CHUNK));
    this.countTicks(fires);
    // the claim's answer counts this pass's own leases; the fires just recorded may be due sooner
    const due = [nextDueAt, ...fires.map((f) => (f.claimed.schedule.paused ? null : f.plan.nextAt))].filter((t): t is number => t !== null);
    return { claimed: claimed.length, fired: made.size, full: claimed.length >= this.options.batch, nextDueAt: due.length > 0 ? Math.min(...due) : null };
  }

  /**
   * Resolves once the clock reads `at` (a timer may fire a little before the wall clock gets
   * there). A wall clock stepped back does not hold the pass for longer than it was prepared ahead.
   */
  private async until(at: number): Promise<void> {
    const limit = (this.options.aheadMs ?? 0) + 1_000;
    const started = performance.now();
    for (let wait = at - this.clock.now(); wait > 0 && performance.now() - started < limit; wait = at - this.clock.now()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, limit)));
    }
  }

  /** The schedule's fire, planned as of its tick when claimed ahead of it; undefined when it cannot be planned. */
  private plan(claimed: ClaimedSchedule, now: number): Fire | undefined {
    const { schedule } = claimed;
    const anchor = anchorOf(schedule);
    try {
      let first: number | null = schedule.nextAt ?? now;
      // never a tick a settled fire already dealt with (a replace or resume may have raced it)
      if (schedule.lastTick !== undefined && first <= schedule.lastTick) first = nextTick(schedule.definition, schedule.lastTick, anchor);
      let plan: FirePlan;
      if (first === null) plan = { fire: [], missed: 0, nextAt: null };
      // not due yet after all (its due tick was dealt with): back to the index at its next tick
      else if (first > now + (this.options.aheadMs ?? 0)) plan = { fire: [], missed: 0, nextAt: first };
      else plan = planFire(schedule.definition, first, Math.max(now, first), anchor, this.options.misfireGraceMs);
      return { claimed, plan, ticks: plan.fire, skipped: 0, jobs: [], runs: [] };
    } catch (err) {
      this.options.onPlanError?.(schedule.name, err);
      return undefined;
    }
  }

  /**
   * overlap 'skip': no tick fires while the schedule's latest job is pending, scheduled or running,
   * and of several due ticks only the latest (the others would overlap it at once).
   */
  private async applyOverlap(fires: Fire[]): Promise<void> {
    const skipping = fires.filter((f) => f.claimed.schedule.definition.overlap === 'skip' && f.ticks.length > 0);
    await Promise.all(
      skipping.map(async (f) => {
        const last = f.claimed.schedule.lastJobId;
        const live = last !== undefined && (await this.isLive(last));
        const keep = live ? [] : f.ticks.slice(-1);
        f.skipped = f.ticks.length - keep.length;
        f.ticks = keep;
      }),
    );
  }

  private async isLive(jobId: string): Promise<boolean> {
    const job = await this.admin.get(jobId);
    return job !== null && !isFinal(job.status);
  }

  /** Enqueues every fire's jobs, grouped by queue; returns the ids of jobs made by this pass. */
  private async enqueue(fires: Fire[]): Promise<Set<string>> {
    const now = this.clock.now();
    const byQueue = new Map<string, { fire: Fire; job: NewJob }[]>();
    for (const fire of fires) {
      const { name, definition } = fire.claimed.schedule;
      for (const fireAt of fire.ticks) {
        const job = jobOf(name, definition, fireAt, now, { hostGroups: this.options.hostGroups });
        fire.jobs.push(job);
        let group = byQueue.get(job.queue);
        if (!group) byQueue.set(job.queue, (group = []));
        group.push({ fire, job });
      }
    }
    const made = new Set<string>();
    for (const group of byQueue.values()) {
      for (let i = 0; i < group.length; i += ENQUEUE_CHUNK) {
        const chunk = group.slice(i, i + ENQUEUE_CHUNK);
        const jobs = chunk.map((c) => c.job);
        const results = await (this.options.tracer ?? NOOP_JOB_TRACER).traceEnqueueEach(jobs, () => this.jobs.enqueue(jobs));
        const enqueuedAt = this.clock.now();
        results.forEach((result, k) => {
          // a repeat of a fire cut short returns the job the first made (created: false)
          const { fireAt } = chunk[k].job.schedule!;
          chunk[k].fire.runs.push({ fireAt, jobId: result.job.id });
          if (!result.created) return;
          made.add(result.job.id);
          this.metrics?.scheduleFired(result.job.queue, result.job.type, enqueuedAt - fireAt);
        });
      }
    }
    for (const fire of fires) fire.runs.sort((a, b) => a.fireAt - b.fireAt);
    return made;
  }

  private settlement(fire: Fire): ScheduleSettlement {
    const { schedule, token } = fire.claimed;
    return {
      name: schedule.name,
      token,
      version: schedule.version,
      nextAt: fire.plan.nextAt,
      ...(fire.plan.lastDue !== undefined ? { lastTick: fire.plan.lastDue } : {}),
      runs: fire.runs,
      fired: fire.runs.length,
      skipped: fire.skipped,
      missed: fire.plan.missed,
    };
  }

  private countTicks(fires: Fire[]): void {
    if (!this.metrics) return;
    for (const fire of fires) {
      const { queue, job } = fire.claimed.schedule.definition;
      this.metrics.scheduleTicksSkipped(queue, job.type, fire.skipped, fire.plan.missed);
    }
  }
}

/** Fires by the time their last tick is due (fires with no tick: now), in time order. */
function byDueTime(fires: Fire[], now: number): [number, Fire[]][] {
  const groups = new Map<number, Fire[]>();
  for (const fire of fires) {
    const dueAt = fire.ticks.length > 0 ? fire.ticks[fire.ticks.length - 1] : now;
    let group = groups.get(dueAt);
    if (!group) groups.set(dueAt, (group = []));
    group.push(fire);
  }
  return [...groups].sort((a, b) => a[0] - b[0]);
}

/** What jobOf may be told beyond the tick. */
export interface JobOfOptions {
  /** Default: the tick's (tickIdempotencyKey); a manual trigger passes its own. */
  idempotencyKey?: string;
  /** As normalizeJobSpec's: an `http` job without a group gets its host's. */
  hostGroups?: boolean;
}

/** The job a tick makes: the template, in the schedule's queue, runnable now, keyed by the tick. */
export function jobOf(name: string, definition: ScheduleDefinition, fireAt: number, now: number, options: JobOfOptions = {}): NewJob {
  const { job } = definition;
  const out: NewJob = {
    id: newJobId(definition.queue, now),
    queue: definition.queue,
    type: job.type,
    payloadJson: job.payloadJson,
    priority: job.priority,
    runAt: now,
    maxAttempts: job.maxAttempts,
    backoff: job.backoff,
    timeoutMs: job.timeoutMs,
    idempotencyKey: options.idempotencyKey ?? tickIdempotencyKey(name, fireAt),
    schedule: { name, fireAt },
  };
  if (job.callbackUrl !== undefined) out.callbackUrl = job.callbackUrl;
  const group = job.group ?? (options.hostGroups && job.type === HTTP_JOB_TYPE ? defaultGroupOf(job.type, JSON.parse(job.payloadJson)) : undefined);
  if (group !== undefined) out.group = group;
  return out;
}
