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
exports.ExecutionsService = void 0;
const common_1 = require("@nestjs/common");
const errors_1 = require("../../domain/errors");
const execution_1 = require("../../domain/execution");
const job_id_1 = require("../../domain/job-id");
const jobs_1 = require("../jobs");
const history_1 = require("../history");
const queue_1 = require("../queue");
const tracing_1 = require("../tracing");
/**
 * Create, read and cancel executions. The status is derived from the store's counters, which are
 * always current (the `executions` table in PostgreSQL follows them through the refresh). Once
 * EXECUTION_RETENTION_MS has removed a finished execution from the store, a read answers from that
 * table (HistoryModule, present only when DATABASE_URL is set, hence @Optional).
 */
let ExecutionsService = class ExecutionsService {
    store;
    jobs;
    tracer;
    history;
    constructor(store, jobs, tracer, history) {
        this.store = store;
        this.jobs = jobs;
        this.tracer = tracer;
        this.history = history;
    }
    /** `created` is false when `idempotencyKey` named an execution of the queue: that one is returned. */
    async create(specs, callbackUrl, idempotencyKey) {
        const jobs = this.jobs.normalizeMany(specs);
        this.jobs.checkEgress(callbackUrl, 'callbackUrl');
        const queue = jobs[0].queue;
        const stray = jobs.findIndex((job) => job.queue !== queue);
        if (stray >= 0) {
            throw new errors_1.InvalidJobSpecError(`jobs.${stray}.queue`, `must be ${queue}, the queue of jobs.0: an execution's jobs share one queue`);
        }
        const id = (0, execution_1.newExecutionId)(queue);
        for (const job of jobs)
            job.executionId = id;
        const execution = {
            id,
            queue,
            ...(callbackUrl !== undefined ? { callbackUrl } : {}),
            ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        };
        const record = await this.tracer.traceEnqueue(jobs, () => this.store.createExecution(execution, jobs), enqueuedExecution);
        // a partitioned queue gives the execution an id naming its partition, with this id's tail
        return { id: record.id, total: record.total, created: (0, job_id_1.idTail)(record.id) === (0, job_id_1.idTail)(id) };
    }
    async get(id) {
        const record = (await this.store.getExecution(id)) ?? (await this.history?.findExecution(id));
        if (!record)
            throw new errors_1.ExecutionNotFoundError(id);
        return (0, execution_1.toExecution)(record);
    }
    /**
     * The queue's executions still in the store, newest first (those EXECUTION_RETENTION_MS has
     * removed are in history only). Each as GET /executions/:id shows it.
     */
    async list(queue, limit, cursor) {
        this.jobs.checkQueue(queue, 'queue');
        const page = await this.store.listExecutions(queue, limit, cursor);
        return { items: page.items.map(execution_1.toExecution), nextCursor: page.nextCursor };
    }
    listJobs(id, limit, cursor) {
        return this.store.listExecutionJobs(id, limit, cursor);
    }
    async cancel(id) {
        return (0, execution_1.toExecution)(await this.store.cancelExecution(id));
    }
};
exports.ExecutionsService = ExecutionsService;
exports.ExecutionsService = ExecutionsService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(queue_1.JobStore)),
    __param(3, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [Object, jobs_1.JobsService,
        tracing_1.JobTracer,
        history_1.HistoryQueryService])
], ExecutionsService);
/** An execution's enqueue span names the execution (the id its partition gave it), not each job. */
function enqueuedExecution(record) {
    return { jobIds: [], executionId: record.id };
}
//# sourceMappingURL=executions.service.js.map