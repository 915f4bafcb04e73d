"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SchedulesService = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const errors_1 = require("../../domain/errors");
const job_1 = require("../../domain/job");
const schedule_1 = require("../../domain/schedule");
const jobs_1 = require("../jobs");
const jobs_2 = require("../jobs");
const metrics_1 = require("../metrics");
const queue_1 = require("../queue");
const tracing_1 = require("../tracing");
const schedule_firer_1 = require("./schedule-firer");
const scheduler_service_1 = require("./scheduler.service");
/**
 * The schedules API (SchedulesController), also for code that embeds claimq. Plain service: it
 * throws domain errors. Changes wake this instance's scheduler, so a schedule due soon fires on
 * time without waiting for SCHEDULER_POLL_MS.
 */
let SchedulesService = class SchedulesService {
    store;
    jobs;
    clock;
    tracer;
    scheduler;
    metrics;
    queues;
    hostGroups;
    constructor(store, jobs, clock, config, tracer, scheduler, metrics) {
        this.store = store;
        this.jobs = jobs;
        this.clock = clock;
        this.tracer = tracer;
        this.scheduler = scheduler;
        this.metrics = metrics;
        this.queues = new jobs_1.AcceptedQueues(config.queues);
        this.hostGroups = config.hostGroups;
    }
    /** Creates (`created: true`) or replaces the schedule; ticks are computed from now. */
    async put(name, spec) {
        (0, schedule_1.validateScheduleName)(name);
        const queue = spec.queue ?? job_1.DEFAULT_QUEUE;
        this.queues.check(queue, 'queue');
        // the rules of POST /jobs (payload size and depth, http url and egress, secret headers sealed)
        const job = this.jobs.normalize({ ...spec.job, queue }, 'job.');
        const definition = {
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
            maxCatchUp: spec.maxCatchUp ?? schedule_1.DEFAULT_MAX_CATCH_UP,
        };
        if (spec.cron !== undefined)
            definition.cron = spec.cron;
        if (spec.everyMs !== undefined)
            definition.everyMs = spec.everyMs;
        if (spec.startAt !== undefined)
            definition.startAt = spec.startAt;
        if (spec.endAt !== undefined)
            definition.endAt = spec.endAt;
        const now = this.clock.now();
        const existing = await this.store.schedules.get(name);
        // everyMs ticks count from startAt, or from the schedule's first creation (kept by replaces)
        if (definition.everyMs !== undefined && definition.startAt === undefined)
            definition.anchor = existing ? (0, schedule_1.anchorOf)(existing) : now;
        (0, schedule_1.checkScheduleDefinition)(definition);
        // a replace that keeps the ticks keeps the schedule's place (a tick due and not yet fired, as
        // one held by a scheduler that died, still fires); new ticks, or a paused schedule, start from now
        const keepPlace = existing !== null && !existing.paused && (0, schedule_1.sameTicks)(existing.definition, definition);
        const nextAt = keepPlace ? existing.nextAt : (0, schedule_1.nextTick)(definition, now, definition.anchor ?? now);
        const result = await this.store.schedules.put(name, definition, nextAt, spec.paused ?? false);
        this.scheduler?.wake();
        return result;
    }
    async get(name) {
        const schedule = await this.find(name);
        const nextRuns = schedule.paused ? [] : (0, schedule_1.upcomingTicks)(schedule.definition, schedule.nextAt, (0, schedule_1.anchorOf)(schedule), schedule_1.NEXT_RUNS_SHOWN);
        const runs = schedule.runs ?? [];
        const jobs = await Promise.all(runs.map((run) => this.store.get(run.jobId)));
        return { schedule, nextRuns, lastRuns: runs.map((run, i) => ({ ...run, job: jobs[i] })) };
    }
    list(limit, cursor) {
        return this.store.schedules.list(limit, cursor);
    }
    async delete(name) {
        if (!(await this.store.schedules.delete(name)))
            throw new errors_1.ScheduleNotFoundError(name);
    }
    async pause(name) {
        return this.orNotFound(name, await this.store.schedules.setPaused(name, true, null));
    }
    /**
     * Resumes at the first tick after now: ticks that passed while paused are not caught up. A
     * schedule that is not paused is left as it is.
     */
    async resume(name) {
        const schedule = await this.find(name);
        if (!schedule.paused)
            return schedule;
        const nextAt = (0, schedule_1.nextTick)(schedule.definition, this.clock.now(), (0, schedule_1.anchorOf)(schedule));
        const resumed = this.orNotFound(name, await this.store.schedules.setPaused(name, false, nextAt));
        this.scheduler?.wake();
        return resumed;
    }
    /**
     * Fires the schedule once, now, whatever its ticks, pause or overlap rule: an operator's explicit
     * run. The job carries `schedule: {name, fireAt: now}` and its own idempotency key.
     */
    async trigger(name) {
        const schedule = await this.find(name);
        const now = this.clock.now();
        const job = (0, schedule_firer_1.jobOf)(name, schedule.definition, now, now, { idempotencyKey: (0, schedule_1.triggerIdempotencyKey)(name, now), hostGroups: this.hostGroups });
        const [result] = await this.tracer.traceEnqueue([job], () => this.store.enqueue([job]), tracing_1.enqueuedJobs);
        if (!(await this.store.schedules.recordRun(name, { fireAt: now, jobId: result.job.id, trigger: true }))) {
            // deleted between the read and the record: the job stands, as any job a schedule made
            throw new errors_1.ScheduleNotFoundError(name);
        }
        if (result.created)
            this.metrics?.scheduleFired(job.queue, job.type, this.clock.now() - now);
        return { jobId: result.job.id, fireAt: now };
    }
    async find(name) {
        (0, schedule_1.validateScheduleName)(name);
        return this.orNotFound(name, await this.store.schedules.get(name));
    }
    orNotFound(name, schedule) {
        if (!schedule)
            throw new errors_1.ScheduleNotFoundError(name);
        return schedule;
    }
};
exports.SchedulesService = SchedulesService;
exports.SchedulesService = SchedulesService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(queue_1.JobStore)),
    __param(2, (0, common_1.Inject)(clock_1.CLOCK)),
    __param(5, (0, common_1.Optional)()),
    __param(6, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [queue_1.JobStore,
        jobs_2.JobsService, Object, app_config_1.AppConfig,
        tracing_1.JobTracer,
        scheduler_service_1.SchedulerService,
        metrics_1.ClaimqMetrics])
], SchedulesService);
//# sourceMappingURL=schedules.service.js.map