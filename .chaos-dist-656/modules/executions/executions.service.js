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
const jobs_service_1 = require("../jobs/jobs.service");
const job_store_1 = require("../queue/job-store");
/**
 * Create, read and cancel executions. The status is derived from the store's counters, which are
 * always current (the `executions` table in PostgreSQL follows them through the refresh).
 */
let ExecutionsService = class ExecutionsService {
    store;
    jobs;
    constructor(store, jobs) {
        this.store = store;
        this.jobs = jobs;
    }
    async create(specs, callbackUrl) {
        const jobs = this.jobs.normalizeMany(specs);
        const queue = jobs[0].queue;
        const stray = jobs.findIndex((job) => job.queue !== queue);
        if (stray >= 0) {
            throw new errors_1.InvalidJobSpecError(`jobs.${stray}.queue`, `must be ${queue}, the queue of jobs.0: an execution's jobs share one queue`);
        }
        const id = (0, execution_1.newExecutionId)(queue);
        for (const job of jobs)
            job.executionId = id;
        const record = await this.store.createExecution({ id, queue, ...(callbackUrl !== undefined ? { callbackUrl } : {}) }, jobs);
        return { id, total: record.total };
    }
    async get(id) {
        const record = await this.store.getExecution(id);
        if (!record)
            throw new errors_1.ExecutionNotFoundError(id);
        return (0, execution_1.toExecution)(record);
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
    __param(0, (0, common_1.Inject)(job_store_1.JobStore)),
    __metadata("design:paramtypes", [job_store_1.JobStore,
        jobs_service_1.JobsService])
], ExecutionsService);
//# sourceMappingURL=executions.service.js.map