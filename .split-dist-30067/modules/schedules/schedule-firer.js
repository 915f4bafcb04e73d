"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScheduleFirer = exports.FIRE_AHEAD_MS = void 0;
exports.jobOf = jobOf;
const http_job_1 = require("../../domain/http-job");
const job_1 = require("../../domain/job");
const job_spec_1 = require("../../domain/job-spec");
const job_id_1 = require("../../domain/job-id");
const schedule_1 = require("../../domain/schedule");
const tracing_1 = require("../tracing");
/** The scheduler's aheadMs: preparing 1,000 fires takes tens of ms on a busy 2-core machine. */
exports.FIRE_AHEAD_MS = 500;
/** Jobs per enqueue call when a queue's fires are many (a catch-up of 1,000 schedules). */
const ENQUEUE_CHUNK = 1_000;
/** Schedules per settle call. */
const SETTLE_CHUNK = 200;
/** Schedules planned between two yields to the event loop (a long catch-up walks many ticks). */
const PLAN_SLICE = 50;
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
class ScheduleFirer {
    store;
    clock;
    options;
    metrics;
    constructor(store, clock, options, metrics) {
        this.store = store;
        this.clock = clock;
        this.options = options;
        this.metrics = metrics;
    }
    async pass() {
        const { claimed, nextDueAt } = await this.store.schedules.claimDue(this.options.batch, this.options.leaseMs, this.options.aheadMs ?? 0);
        if (claimed.length === 0)
            return { claimed: 0, fired: 0, full: false, nextDueAt };
        const fires = [];
        for (let i = 0; i < claimed.length; i += PLAN_SLICE) {
            if (i > 0)
                await new Promise((resolve) => setImmediate(resolve));
            const now = this.clock.now();
            for (const c of claimed.slice(i, i + PLAN_SLICE)) {
                const fire = this.plan(c, now);
                if (fire)
                    fires.push(fire);
            }
        }
        const made = new Set();
        // each group of fires when its time has come, earliest first; the overlap rule looks at the
        // previous run then, not when the fire was prepared
        for (const [dueAt, group] of byDueTime(fires, this.clock.now())) {
            await this.until(dueAt);
            await this.applyOverlap(group);
            for (const id of await this.enqueue(group))
                made.add(id);
        }
        const settlements = fires.map((f) => this.settlement(f));
        for (let i = 0; i < settlements.length; i += SETTLE_CHUNK)
            await this.store.schedules.settle(settlements.slice(i, i + SETTLE_CHUNK));
        this.countTicks(fires);
        // the claim's answer counts this pass's own leases; the fires just recorded may be due sooner
        const due = [nextDueAt, ...fires.map((f) => (f.claimed.schedule.paused ? null : f.plan.nextAt))].filter((t) => t !== null);
        return { claimed: claimed.length, fired: made.size, full: claimed.length >= this.options.batch, nextDueAt: due.length > 0 ? Math.min(...due) : null };
    }
    /**
     * Resolves once the clock reads `at` (a timer may fire a little before the wall clock gets
     * there). A wall clock stepped back does not hold the pass for longer than it was prepared ahead.
     */
    async until(at) {
        const limit = (this.options.aheadMs ?? 0) + 1_000;
        const started = performance.now();
        for (let wait = at - this.clock.now(); wait > 0 && performance.now() - started < limit; wait = at - this.clock.now()) {
            await new Promise((resolve) => setTimeout(resolve, Math.min(wait, limit)));
        }
    }
    /** The schedule's fire, planned as of its tick when claimed ahead of it; undefined when it cannot be planned. */
    plan(claimed, now) {
        const { schedule } = claimed;
        const anchor = (0, schedule_1.anchorOf)(schedule);
        try {
            let first = schedule.nextAt ?? now;
            // never a tick a settled fire already dealt with (a replace or resume may have raced it)
            if (schedule.lastTick !== undefined && first <= schedule.lastTick)
                first = (0, schedule_1.nextTick)(schedule.definition, schedule.lastTick, anchor);
            let plan;
            if (first === null)
                plan = { fire: [], missed: 0, nextAt: null };
            // not due yet after all (its due tick was dealt with): back to the index at its next tick
            else if (first > now + (this.options.aheadMs ?? 0))
                plan = { fire: [], missed: 0, nextAt: first };
            else
                plan = (0, schedule_1.planFire)(schedule.definition, first, Math.max(now, first), anchor, this.options.misfireGraceMs);
            return { claimed, plan, ticks: plan.fire, skipped: 0, jobs: [], runs: [] };
        }
        catch (err) {
            this.options.onPlanError?.(schedule.name, err);
            return undefined;
        }
    }
    /**
     * overlap 'skip': no tick fires while the schedule's latest job is pending, scheduled or running,
     * and of several due ticks only the latest (the others would overlap it at once).
     */
    async applyOverlap(fires) {
        const skipping = fires.filter((f) => f.claimed.schedule.definition.overlap === 'skip' && f.ticks.length > 0);
        await Promise.all(skipping.map(async (f) => {
            const last = f.claimed.schedule.lastJobId;
            const live = last !== undefined && (await this.isLive(last));
            const keep = live ? [] : f.ticks.slice(-1);
            f.skipped = f.ticks.length - keep.length;
            f.ticks = keep;
        }));
    }
    async isLive(jobId) {
        const job = await this.store.get(jobId);
        return job !== null && !(0, job_1.isFinal)(job.status);
    }
    /** Enqueues every fire's jobs, grouped by queue; returns the ids of jobs made by this pass. */
    async enqueue(fires) {
        const now = this.clock.now();
        const byQueue = new Map();
        for (const fire of fires) {
            const { name, definition } = fire.claimed.schedule;
            for (const fireAt of fire.ticks) {
                const job = jobOf(name, definition, fireAt, now, { hostGroups: this.options.hostGroups });
                fire.jobs.push(job);
                let group = byQueue.get(job.queue);
                if (!group)
                    byQueue.set(job.queue, (group = []));
                group.push({ fire, job });
            }
        }
        const made = new Set();
        for (const group of byQueue.values()) {
            for (let i = 0; i < group.length; i += ENQUEUE_CHUNK) {
                const chunk = group.slice(i, i + ENQUEUE_CHUNK);
                const jobs = chunk.map((c) => c.job);
                const results = await (this.options.tracer ?? tracing_1.NOOP_JOB_TRACER).traceEnqueueEach(jobs, () => this.store.enqueue(jobs));
                const enqueuedAt = this.clock.now();
                results.forEach((result, k) => {
                    // a repeat of a fire cut short returns the job the first made (created: false)
                    const { fireAt } = chunk[k].job.schedule;
                    chunk[k].fire.runs.push({ fireAt, jobId: result.job.id });
                    if (!result.created)
                        return;
                    made.add(result.job.id);
                    this.metrics?.scheduleFired(result.job.queue, result.job.type, enqueuedAt - fireAt);
                });
            }
        }
        for (const fire of fires)
            fire.runs.sort((a, b) => a.fireAt - b.fireAt);
        return made;
    }
    settlement(fire) {
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
    countTicks(fires) {
        if (!this.metrics)
            return;
        for (const fire of fires) {
            const { queue, job } = fire.claimed.schedule.definition;
            this.metrics.scheduleTicksSkipped(queue, job.type, fire.skipped, fire.plan.missed);
        }
    }
}
exports.ScheduleFirer = ScheduleFirer;
/** Fires by the time their last tick is due (fires with no tick: now), in time order. */
function byDueTime(fires, now) {
    const groups = new Map();
    for (const fire of fires) {
        const dueAt = fire.ticks.length > 0 ? fire.ticks[fire.ticks.length - 1] : now;
        let group = groups.get(dueAt);
        if (!group)
            groups.set(dueAt, (group = []));
        group.push(fire);
    }
    return [...groups].sort((a, b) => a[0] - b[0]);
}
/** The job a tick makes: the template, in the schedule's queue, runnable now, keyed by the tick. */
function jobOf(name, definition, fireAt, now, options = {}) {
    const { job } = definition;
    const out = {
        id: (0, job_id_1.newJobId)(definition.queue, now),
        queue: definition.queue,
        type: job.type,
        payloadJson: job.payloadJson,
        priority: job.priority,
        runAt: now,
        maxAttempts: job.maxAttempts,
        backoff: job.backoff,
        timeoutMs: job.timeoutMs,
        idempotencyKey: options.idempotencyKey ?? (0, schedule_1.tickIdempotencyKey)(name, fireAt),
        schedule: { name, fireAt },
    };
    if (job.callbackUrl !== undefined)
        out.callbackUrl = job.callbackUrl;
    const group = job.group ?? (options.hostGroups && job.type === http_job_1.HTTP_JOB_TYPE ? (0, job_spec_1.defaultGroupOf)(job.type, JSON.parse(job.payloadJson)) : undefined);
    if (group !== undefined)
        out.group = group;
    return out;
}
//# sourceMappingURL=schedule-firer.js.map