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
exports.JobsController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const id_param_pipe_1 = require("../../http/id-param.pipe");
const json_only_middleware_1 = require("../../http/json-only.middleware");
const job_1 = require("../../domain/job");
const bulk_create_jobs_response_dto_1 = require("./dto/bulk-create-jobs-response.dto");
const bulk_create_jobs_dto_1 = require("./dto/bulk-create-jobs.dto");
const create_job_dto_1 = require("./dto/create-job.dto");
const job_attempts_response_dto_1 = require("./dto/job-attempts-response.dto");
const job_history_response_dto_1 = require("./dto/job-history-response.dto");
const job_list_page_response_dto_1 = require("./dto/job-list-page-response.dto");
const job_response_dto_1 = require("./dto/job-response.dto");
const list_jobs_query_dto_1 = require("./dto/list-jobs-query.dto");
const job_limits_1 = require("./job-limits");
const job_history_presenter_1 = require("./job-history.presenter");
const job_history_service_1 = require("./job-history.service");
const job_presenter_1 = require("./job.presenter");
const job_spec_mapper_1 = require("./job-spec.mapper");
const jobs_service_1 = require("./jobs.service");
const http_1 = require("../../http");
const tracing_1 = require("../tracing");
let JobsController = class JobsController {
    jobs;
    history;
    constructor(jobs, history) {
        this.jobs = jobs;
        this.history = history;
    }
    async create(dto, res) {
        const { job, created } = await this.jobs.create((0, job_spec_mapper_1.toJobSpec)(dto));
        if (!created)
            res.status(common_1.HttpStatus.OK);
        return (0, job_presenter_1.presentJob)(job);
    }
    async createMany(dto) {
        return { ids: await this.jobs.createMany(dto.jobs.map(job_spec_mapper_1.toJobSpec)) };
    }
    async list(query) {
        if (query.idempotencyKey !== undefined) {
            const job = await this.jobs.findByIdempotencyKey(query.queue ?? job_1.DEFAULT_QUEUE, query.idempotencyKey);
            return { items: job ? [(0, job_presenter_1.presentJob)(job)] : [], nextCursor: null };
        }
        const filter = {
            queue: query.queue ?? job_1.DEFAULT_QUEUE,
            status: query.status,
            type: query.type,
            limit: query.limit ?? job_limits_1.DEFAULT_LIST_LIMIT,
            cursor: query.cursor,
        };
        if (query.from !== undefined || query.to !== undefined) {
            const from = query.from === undefined ? undefined : Date.parse(query.from);
            const to = query.to === undefined ? undefined : Date.parse(query.to);
            const page = await this.history.listCreated({ ...filter, from, to });
            return { items: page.items.map(job_history_presenter_1.presentHistoryJob), nextCursor: page.nextCursor };
        }
        const page = await this.jobs.list(filter);
        return { items: page.items.map(job_presenter_1.presentJob), nextCursor: page.nextCursor };
    }
    async get(id) {
        const found = await this.history.find(id);
        return found.source === 'store' ? (0, job_presenter_1.presentJob)(found.job) : (0, job_history_presenter_1.presentHistoryJob)(found.record);
    }
    attempts(id) {
        return this.history.attempts(id);
    }
    async cancel(id) {
        return (0, job_presenter_1.presentJob)(await this.jobs.cancel(id));
    }
    async promote(id) {
        return (0, job_presenter_1.presentJob)(await this.jobs.promote(id));
    }
    async retry(id) {
        return (0, job_presenter_1.presentJob)(await this.jobs.retry(id));
    }
};
exports.JobsController = JobsController;
__decorate([
    (0, common_1.Post)(),
    (0, swagger_1.ApiCreatedResponse)({ type: job_response_dto_1.JobResponseDto, description: 'The job was added' }),
    (0, swagger_1.ApiOkResponse)({ type: job_response_dto_1.JobResponseDto, description: 'The idempotency key matched an existing job, returned as is' }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'A field is invalid; `errors` lists each field and the reason' }),
    (0, swagger_1.ApiPayloadTooLargeResponse)({ description: 'The payload is larger than MAX_PAYLOAD_BYTES' }),
    (0, json_only_middleware_1.ApiJsonBodyOnly)(),
    (0, swagger_1.ApiOperation)({ operationId: 'createJob', summary: 'Add a job (or, with a repeated idempotencyKey, return the job it added)' }),
    (0, common_1.UseInterceptors)(tracing_1.TraceContextInterceptor),
    __param(0, (0, common_1.Body)()),
    __param(1, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [create_job_dto_1.CreateJobDto, Object]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "create", null);
__decorate([
    (0, common_1.Post)('bulk'),
    (0, swagger_1.ApiCreatedResponse)({ type: bulk_create_jobs_response_dto_1.BulkCreateJobsResponseDto, description: 'Every job was validated, then added' }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'Nothing was added; `errors` names the fields as jobs.<index>.<field> (jobs of more than one queue: the first stray jobs.<index>.queue)' }),
    (0, json_only_middleware_1.ApiJsonBodyOnly)(),
    (0, swagger_1.ApiOperation)({ operationId: 'createJobs', summary: 'Add up to 1,000 jobs of one queue: all of them or, on any invalid field, none' }),
    (0, common_1.UseInterceptors)(tracing_1.TraceContextInterceptor),
    __param(0, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [bulk_create_jobs_dto_1.BulkCreateJobsDto]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "createMany", null);
__decorate([
    (0, common_1.Get)(),
    (0, swagger_1.ApiOkResponse)({
        type: job_list_page_response_dto_1.JobListPageResponseDto,
        description: 'Without from/to: a page of the store, one queue, by state index. With from and/or to: jobs created in [from, to) ' +
            'from job history, newest first (400 naming the field when history is off). With idempotencyKey: the page holding the ' +
            'job that key names in the queue (0 or 1 item, nextCursor null)',
    }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'A filter is invalid, from/to was given while job history is off, or idempotencyKey was combined with another filter' }),
    (0, swagger_1.ApiOperation)({ operationId: 'listJobs', summary: "A queue's jobs by status from the store, or the jobs created in a time range from job history, paged" }),
    __param(0, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [list_jobs_query_dto_1.ListJobsQueryDto]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':id'),
    (0, swagger_1.ApiOkResponse)({
        description: 'The job from the store; once retention has removed it, as job history recorded it (`source: "history"`)',
        schema: job_list_page_response_dto_1.STORE_OR_HISTORY_JOB_SCHEMA,
    }),
    (0, swagger_1.ApiNotFoundResponse)({ description: 'Neither the store nor job history knows the job' }),
    (0, swagger_1.ApiOperation)({ operationId: 'getJob', summary: 'A job, from the store or, once retention removed it, from job history' }),
    __param(0, (0, common_1.Param)('id', id_param_pipe_1.JobIdPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "get", null);
__decorate([
    (0, common_1.Get)(':id/attempts'),
    (0, swagger_1.ApiOkResponse)({
        type: job_attempts_response_dto_1.JobAttemptsResponseDto,
        description: 'Every attempt from job history; without history (or before the writer caught up) only the latest attempt, derived from the job (`source: "store"`)',
    }),
    (0, swagger_1.ApiNotFoundResponse)({ description: 'Neither the store nor job history knows the job' }),
    (0, swagger_1.ApiOperation)({ operationId: 'listJobAttempts', summary: 'Every attempt of a job' }),
    __param(0, (0, common_1.Param)('id', id_param_pipe_1.JobIdPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "attempts", null);
__decorate([
    (0, common_1.Post)(':id/cancel'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('job.cancel', (req) => `job:${(0, http_1.param)(req, 'id')}`),
    (0, swagger_1.ApiOkResponse)({ type: job_response_dto_1.JobResponseDto, description: 'Cancelled, or (running) cancel requested' }),
    (0, swagger_1.ApiNotFoundResponse)(),
    (0, swagger_1.ApiConflictResponse)({ description: 'The job has already finished' }),
    (0, swagger_1.ApiOperation)({ operationId: 'cancelJob', summary: 'Cancel a job (a running one is asked to stop)' }),
    __param(0, (0, common_1.Param)('id', id_param_pipe_1.JobIdPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "cancel", null);
__decorate([
    (0, common_1.Post)(':id/promote'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('job.promote', (req) => `job:${(0, http_1.param)(req, 'id')}`),
    (0, swagger_1.ApiOkResponse)({ type: job_response_dto_1.JobResponseDto, description: 'Pending now, in its priority and group, behind the jobs already waiting' }),
    (0, swagger_1.ApiNotFoundResponse)(),
    (0, swagger_1.ApiConflictResponse)({ description: 'Only scheduled jobs (delayed, or waiting out a retry backoff) can be promoted' }),
    (0, swagger_1.ApiOperation)({ operationId: 'promoteJob', summary: 'Run a delayed or backing-off job now' }),
    __param(0, (0, common_1.Param)('id', id_param_pipe_1.JobIdPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "promote", null);
__decorate([
    (0, common_1.Post)(':id/retry'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('job.retry', (req) => `job:${(0, http_1.param)(req, 'id')}`),
    (0, swagger_1.ApiOkResponse)({ type: job_response_dto_1.JobResponseDto, description: 'Back to pending with attempts reset' }),
    (0, swagger_1.ApiNotFoundResponse)(),
    (0, swagger_1.ApiConflictResponse)({ description: 'Only failed or cancelled jobs can be retried' }),
    (0, swagger_1.ApiOperation)({ operationId: 'retryJob', summary: 'Run a failed or cancelled job again' }),
    __param(0, (0, common_1.Param)('id', id_param_pipe_1.JobIdPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], JobsController.prototype, "retry", null);
exports.JobsController = JobsController = __decorate([
    (0, swagger_1.ApiTags)('jobs'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, swagger_1.ApiExtraModels)(job_response_dto_1.JobResponseDto, job_history_response_dto_1.JobHistoryResponseDto),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store (or job history) is unreachable; retry after Retry-After seconds' }),
    (0, common_1.Controller)('jobs'),
    __metadata("design:paramtypes", [jobs_service_1.JobsService,
        job_history_service_1.JobHistoryService])
], JobsController);
//# sourceMappingURL=jobs.controller.js.map