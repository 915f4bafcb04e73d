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
const errors_1 = require("../../domain/errors");
const job_spec_1 = require("../../domain/job-spec");
const claimq_metrics_1 = require("../metrics/claimq-metrics");
const callback_enqueuer_1 = require("../queue/callback-enqueuer");
const job_store_1 = require("../queue/job-store");
const job_limits_1 = require("./job-limits");
const jobs_clock_token_1 = require("./jobs-clock.token");
/**
 * Enqueue and read jobs. Plain service: it throws domain errors (the HTTP filter maps them), so
 * code outside HTTP (executions, embedding applications) can call it as well.
 */
let JobsService = class JobsService {
    store;
    config;
    clock;
    metrics;
    callbacks;
    constructor(store, config, clock, metrics) {
        this.store = store;
        this.config = config;
        this.clock = clock;
        this.metrics = metrics;
        this.callbacks = new callback_enqueuer_1.CallbackEnqueuer(store, clock, config.maxPayloadBytes, new common_1.Logger('Jobs'));
    }
    /** `created: false` when the idempotency key matched an existing job, which is returned. */
    async create(spec) {
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
    async createMany(specs) {
        const jobs = specs.map((spec, i) => this.normalize(spec, `jobs.${i}.`));
        const byQueue = new Map();
        jobs.forEach((job, i) => byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), i]));
        const ids = new Array(jobs.length);
        for (const indexes of byQueue.values()) {
            const results = await this.store.enqueue(indexes.map((i) => jobs[i]));
            this.countEnqueued(results);
            results.forEach((result, k) => (ids[indexes[k]] = result.job.id));
        }
        return ids;
    }
    async get(id) {
        const job = await this.store.get(id);
        if (!job)
            throw new errors_1.JobNotFoundError(id);
        return job;
    }
    list(query) {
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
    /** `path` prefixes field names in errors (`jobs.3.`) so a bulk names the job at fault. */
    normalize(spec, path) {
        const now = this.clock.now();
        if (spec.runAt !== undefined && spec.runAt > now + job_limits_1.MAX_DELAY_MS) {
            throw new errors_1.InvalidJobSpecError(`${path}runAt`, `must be at most ${job_limits_1.MAX_DELAY_MS / 86_400_000} days from now`);
        }
        try {
            return (0, job_spec_1.normalizeJobSpec)(spec, { now, maxPayloadBytes: this.config.maxPayloadBytes }, `${path}payload`);
        }
        catch (err) {
            if (err instanceof errors_1.InvalidJobSpecError && path !== '')
                throw new errors_1.InvalidJobSpecError(`${path}${err.field}`, err.reason);
            throw err;
        }
    }
};
exports.JobsService = JobsService;
exports.JobsService = JobsService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(job_store_1.JobStore)),
    __param(2, (0, common_1.Inject)(jobs_clock_token_1.JOBS_CLOCK)),
    __param(3, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [job_store_1.JobStore,
        app_config_1.AppConfig, Object, claimq_metrics_1.ClaimqMetrics])
], JobsService);
//# sourceMappingURL=jobs.service.js.map