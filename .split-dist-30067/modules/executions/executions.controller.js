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
exports.ExecutionsController = void 0;
const common_1 = require("@nestjs/common");
const id_param_pipe_1 = require("../../http/id-param.pipe");
const json_only_middleware_1 = require("../../http/json-only.middleware");
const swagger_1 = require("@nestjs/swagger");
const execution_json_1 = require("../../domain/execution-json");
const jobs_1 = require("../jobs");
const create_execution_dto_1 = require("./dto/create-execution.dto");
const execution_response_dto_1 = require("./dto/execution-response.dto");
const list_executions_query_dto_1 = require("./dto/list-executions-query.dto");
const job_1 = require("../../domain/job");
const list_execution_jobs_query_dto_1 = require("./dto/list-execution-jobs-query.dto");
const executions_service_1 = require("./executions.service");
const http_1 = require("../../http");
const tracing_1 = require("../tracing");
let ExecutionsController = class ExecutionsController {
    executions;
    constructor(executions) {
        this.executions = executions;
    }
    async create(dto, res) {
        const { id, total, created } = await this.executions.create(dto.jobs.map(jobs_1.toJobSpec), dto.callbackUrl, dto.idempotencyKey);
        if (!created)
            res.status(common_1.HttpStatus.OK);
        return { id, total };
    }
    async list(query) {
        const page = await this.executions.list(query.queue ?? job_1.DEFAULT_QUEUE, query.limit ?? jobs_1.DEFAULT_LIST_LIMIT, query.cursor);
        return { items: page.items.map(execution_json_1.toExecutionJson), nextCursor: page.nextCursor };
    }
    async get(id) {
        return (0, execution_json_1.toExecutionJson)(await this.executions.get(id));
    }
    async jobs(id, query) {
        const page = await this.executions.listJobs(id, query.limit ?? jobs_1.DEFAULT_LIST_LIMIT, query.cursor);
        return { items: page.items.map(jobs_1.presentJob), nextCursor: page.nextCursor };
    }
    async cancel(id) {
        return (0, execution_json_1.toExecutionJson)(await this.executions.cancel(id));
    }
};
exports.ExecutionsController = ExecutionsController;
__decorate([
    (0, common_1.Post)(),
    (0, swagger_1.ApiCreatedResponse)({ type: execution_response_dto_1.CreatedExecutionResponseDto, description: 'The execution and all its jobs were added' }),
    (0, swagger_1.ApiOkResponse)({ type: execution_response_dto_1.CreatedExecutionResponseDto, description: 'The idempotency key matched an execution of the queue: it is returned, nothing was added' }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'Nothing was added; `errors` names the fields as jobs.<index>.<field>' }),
    (0, json_only_middleware_1.ApiJsonBodyOnly)(),
    (0, swagger_1.ApiOperation)({ operationId: 'createExecution', summary: 'Start an execution: jobs added as one batch and watched as one, with an optional callback' }),
    (0, common_1.UseInterceptors)(tracing_1.TraceContextInterceptor),
    __param(0, (0, common_1.Body)()),
    __param(1, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [create_execution_dto_1.CreateExecutionDto, Object]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "create", null);
__decorate([
    (0, common_1.Get)(),
    (0, swagger_1.ApiOkResponse)({ type: execution_response_dto_1.ExecutionPageResponseDto, description: "The queue's executions still in the store (EXECUTION_RETENTION_MS), newest first" }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'A field is invalid, or the queue is not one of QUEUES; `errors` names it' }),
    (0, swagger_1.ApiOperation)({ operationId: 'listExecutions', summary: 'Executions, newest first, paged' }),
    __param(0, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [list_executions_query_dto_1.ListExecutionsQueryDto]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':id'),
    (0, swagger_1.ApiOkResponse)({ type: execution_response_dto_1.ExecutionResponseDto }),
    (0, swagger_1.ApiNotFoundResponse)(),
    (0, swagger_1.ApiOperation)({ operationId: 'getExecution', summary: "An execution's status and job counts" }),
    __param(0, (0, common_1.Param)('id', id_param_pipe_1.ExecutionIdPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "get", null);
__decorate([
    (0, common_1.Get)(':id/jobs'),
    (0, swagger_1.ApiOkResponse)({ type: jobs_1.JobPageResponseDto, description: 'The jobs in the order they were given' }),
    (0, swagger_1.ApiNotFoundResponse)(),
    (0, swagger_1.ApiOperation)({ operationId: 'listExecutionJobs', summary: 'The jobs of an execution, in the order they were given, paged' }),
    __param(0, (0, common_1.Param)('id', id_param_pipe_1.ExecutionIdPipe)),
    __param(1, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, list_execution_jobs_query_dto_1.ListExecutionJobsQueryDto]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "jobs", null);
__decorate([
    (0, common_1.Post)(':id/cancel'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('execution.cancel', (req) => `execution:${(0, http_1.param)(req, 'id')}`),
    (0, swagger_1.ApiOkResponse)({ type: execution_response_dto_1.ExecutionResponseDto, description: 'Pending and scheduled jobs cancelled, running ones asked to cancel' }),
    (0, swagger_1.ApiNotFoundResponse)(),
    (0, swagger_1.ApiOperation)({ operationId: 'cancelExecution', summary: "Cancel an execution's unfinished jobs" }),
    __param(0, (0, common_1.Param)('id', id_param_pipe_1.ExecutionIdPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "cancel", null);
exports.ExecutionsController = ExecutionsController = __decorate([
    (0, swagger_1.ApiTags)('executions'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store (or job history) is unreachable; retry after Retry-After seconds' }),
    (0, common_1.Controller)('executions'),
    __metadata("design:paramtypes", [executions_service_1.ExecutionsService])
], ExecutionsController);
//# sourceMappingURL=executions.controller.js.map