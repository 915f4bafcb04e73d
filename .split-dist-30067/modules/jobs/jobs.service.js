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
exports.JobsService = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const errors_1 = require("../../domain/errors");
const job_spec_1 = require("../../domain/job-spec");
const http_job_1 = require("../../domain/http-job");
const schedule_1 = require("../../domain/schedule");
const json_depth_1 = require("../../domain/json-depth");
const metrics_1 = require("../metrics");
const queue_1 = require("../queue");
const tracing_1 = require("../tracing");
const job_limits_1 = require("./job-limits");
const accepted_queues_1 = require("./accepted-queues");
const bulk_job_action_1 = require("./bulk-job-action");
const enqueue_batcher_1 = require("./enqueue-batcher");
/**
 * Enqueue and read jobs. Plain service: it throws domain errors (the HTTP filter maps them), so
 * code outside HTTP (executions, embedding applications) can call it as well.
 */
let JobsService = class JobsService {
    store;
    config;
    clock;
    callbacks;
    tracer;
    metrics;
    queues;
    secrets;
    egress;
    batcher;
    constructor(store, config, clock, callbacks, tracer, metrics) {
        this.store = store;
        this.config = config;
        this.clock = clock;
        this.callbacks = callbacks;
        this.tracer = tracer;
        this.metrics = metrics;
        this.queues = new accepted_queues_1.AcceptedQueues(config.queues);
        this.secrets = config.httpJobSecrets();
        this.egress = config.egressPolicy();
        this.batcher = new enqueue_batcher_1.EnqueueBatcher((jobs) => this.store.enqueue(jobs));
    }
    /**
     * `created: false` when the idempotency key matched an existing job, which is returned. The jobs
     * of the requests of one event-loop turn are written together (EnqueueBatcher), except on a
     * partitioned queue (QUEUES `name:N`), where a call of jobs whose keys live in several
     * partitions is a staged write across them: there each job is its own call, as before. With
     * tracing on, an `enqueue` span covers the write, in the active trace (the request's).
     */
    async create(spec) {
        const job = this.normalize(spec, '');
        const result = this.tracer.enabled ? await this.tracer.traceEnqueue([job], () => this.enqueueOne(job), (one) => (0, tracing_1.enqueuedJobs)([one])) : await this.enqueueOne(job);
        this.countEnqueued([result]);
        return result;
    }
    async enqueueOne(job) {
        return (this.config.queuePartitions.get(job.queue) ?? 1) > 1 ? (await this.store.enqueue([job]))[0] : this.batcher.add(job);
    }
    /**
     * Validates and normalizes every job, then writes them in one store call, which is atomic for
     * one queue only: so a bulk's jobs share one queue (400 naming the first stray), and the bulk is
     * all or nothing. Returns the ids in request order.
     */
    async createMany(specs) {
        const jobs = this.normalizeMany(specs);
        const queue = jobs[0]?.queue;
        const stray = jobs.findIndex((job) => job.queue !== queue);
        if (stray >= 0) {
            throw new errors_1.InvalidJobSpecError(`jobs.${stray}.queue`, `must be ${queue}, the queue of jobs.0: a bulk's jobs share one queue`);
        }
        const results = await this.tracer.traceEnqueue(jobs, () => this.store.enqueue(jobs), tracing_1.enqueuedJobs);
        this.countEnqueued(results);
        return results.map((result) => result.job.id);
    }
    /** A queue outside QUEUES is refused (400 naming `queue`), as an enqueue into it would be. */
    list(query) {
        this.queues.check(query.queue, 'queue');
        return this.store.list(query);
    }
    /**
     * A pending or scheduled job is cancelled at once, and when it has a callbackUrl its callback is
     * enqueued before the answer, as a worker does for the jobs it ends (one CallbackEnqueuer, the
     * same idempotency key). A running job is only asked to cancel: its worker ends it and calls back.
     */
    async cancel(id) {
        const job = await this.store.cancel(id);
        if (job.status === 'cancelled' && job.callbackUrl)
            await this.callbacks.send(job.id);
        return job;
    }
    retry(id) {
        return this.store.retry(id);
    }
    /** A scheduled job (delayed, or waiting out a retry backoff) runs now: pending, in its priority and group. */
    promote(id) {
        return this.store.promote(id);
    }
    /** The live job `key` names in `queue` (a queue outside QUEUES: 400 naming `queue`), or null. */
    findByIdempotencyKey(queue, key) {
        this.queues.check(queue, 'queue');
        return this.store.findByIdempotencyKey(queue, key);
    }
    /**
     * One batch of a bulk cancel or retry (bulk-job-action.ts): cancels go through cancel above, so
     * a job's callback is sent as for a single cancel. The queue is the route's `name`.
     */
    bulk(action, query) {
        this.checkQueue(query.queue, 'name');
        return (0, bulk_job_action_1.runBulkAction)(this, action, query);
    }
    /** 400 naming `field` when `queue` is not one of QUEUES. */
    checkQueue(queue, field) {
        this.queues.check(queue, field);
    }
    countEnqueued(results) {
        if (!this.metrics)
            return;
        for (const { job, created } of results)
            if (created)
                this.metrics.jobEnqueued(job.queue, job.type);
    }
    /**
     * Applies the rules of POST /jobs to many specs without writing them (executions write them
     * with their counters). Errors name the job at fault as `jobs.<index>.<field>`.
     */
    normalizeMany(specs) {
        return specs.map((spec, i) => this.normalize(spec, `jobs.${i}.`));
    }
    /**
     * Applies the rules of POST /jobs to one spec without writing it; `path` prefixes field names in
     * errors (`job.` for a schedule's job template, `jobs.3.` for a bulk's job).
     */
    normalize(spec, path) {
        const now = this.clock.now();
        if (spec.idempotencyKey?.startsWith(schedule_1.SCHEDULE_KEY_PREFIX)) {
            throw new errors_1.InvalidJobSpecError(`${path}idempotencyKey`, `must not start with ${schedule_1.SCHEDULE_KEY_PREFIX}, which is reserved for the jobs of schedules`);
        }
        // Before normalizeJobSpec's JSON.stringify, which is recursive too.
        if ((0, json_depth_1.pathBeyondDepth)(spec.payload, json_depth_1.MAX_PAYLOAD_DEPTH))
            throw new errors_1.InvalidJobSpecError(`${path}payload`, json_depth_1.PAYLOAD_TOO_DEEP);
        if (spec.runAt !== undefined && spec.runAt > now + job_limits_1.MAX_DELAY_MS) {
            throw new errors_1.InvalidJobSpecError(`${path}runAt`, `must be at most ${job_limits_1.MAX_DELAY_MS / 86_400_000} days from now`);
        }
        let job;
        try {
            job = (0, job_spec_1.normalizeJobSpec)(spec, { now, maxPayloadBytes: this.config.maxPayloadBytes, secrets: this.secrets, hostGroups: this.config.hostGroups }, `${path}payload`);
        }
        catch (err) {
            if (err instanceof errors_1.InvalidJobSpecError && path !== '')
                throw new errors_1.InvalidJobSpecError(`${path}${err.field}`, err.reason);
            throw err;
        }
        this.queues.check(job.queue, `${path}queue`);
        if (spec.type === http_job_1.HTTP_JOB_TYPE)
            this.checkEgress(spec.payload?.url, `${path}payload.url`);
        this.checkEgress(spec.callbackUrl, `${path}callbackUrl`);
        return job;
    }
    /**
     * A URL whose host is an IP address the egress policy refuses is refused here (400), rather
     * than as a job that fails; a host name is judged by the worker on the address it resolves to.
     */
    checkEgress(url, field) {
        if (typeof url !== 'string')
            return;
        const verdict = this.egress.judgeUrlHost(url);
        if (!verdict.allowed)
            throw new errors_1.InvalidJobSpecError(field, `${new URL(url).hostname} is refused by the egress policy (${verdict.rule})`);
    }
};
exports.JobsService = JobsService;
exports.JobsService = JobsService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(queue_1.JobStore)),
    __param(2, (0, common_1.Inject)(clock_1.CLOCK)),
    __param(5, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [Object, app_config_1.AppConfig, Object, queue_1.CallbackEnqueuer,
        tracing_1.JobTracer,
        metrics_1.ClaimqMetrics])
], JobsService);
//# sourceMappingURL=jobs.service.js.map