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
const swagger_1 = require("@nestjs/swagger");
const execution_json_1 = require("../../domain/execution-json");
const job_page_response_dto_1 = require("../jobs/dto/job-page-response.dto");
const job_limits_1 = require("../jobs/job-limits");
const job_presenter_1 = require("../jobs/job.presenter");
const job_spec_mapper_1 = require("../jobs/job-spec.mapper");
const create_execution_dto_1 = require("./dto/create-execution.dto");
const execution_response_dto_1 = require("./dto/execution-response.dto");
const list_execution_jobs_query_dto_1 = require("./dto/list-execution-jobs-query.dto");
const executions_service_1 = require("./executions.service");
let ExecutionsController = class ExecutionsController {
    executions;
    constructor(executions) {
        this.executions = executions;
    }
    create(dto) {
        return this.executions.create(dto.jobs.map(job_spec_mapper_1.toJobSpec), dto.callbackUrl);
    }
    async get(id) {
        return (0, execution_json_1.toExecutionJson)(await this.executions.get(id));
    }
    async jobs(id, query) {
        const page = await this.executions.listJobs(id, query.limit ?? job_limits_1.DEFAULT_LIST_LIMIT, query.cursor);
        return { items: page.items.map(job_presenter_1.presentJob), nextCursor: page.nextCursor };
    }
    async cancel(id) {
        return (0, execution_json_1.toExecutionJson)(await this.executions.cancel(id));
    }
};
exports.ExecutionsController = ExecutionsController;
__decorate([
    (0, common_1.Post)(),
    (0, swagger_1.ApiCreatedResponse)({ type: execution_response_dto_1.CreatedExecutionResponseDto, description: 'The execution and all its jobs were added' }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'Nothing was added; `errors` names the fields as jobs.<index>.<field>' }),
    __param(0, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [create_execution_dto_1.CreateExecutionDto]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "create", null);
__decorate([
    (0, common_1.Get)(':id'),
    (0, swagger_1.ApiOkResponse)({ type: execution_response_dto_1.ExecutionResponseDto }),
    (0, swagger_1.ApiNotFoundResponse)(),
    __param(0, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "get", null);
__decorate([
    (0, common_1.Get)(':id/jobs'),
    (0, swagger_1.ApiOkResponse)({ type: job_page_response_dto_1.JobPageResponseDto, description: 'The jobs in the order they were given' }),
    (0, swagger_1.ApiNotFoundResponse)(),
    __param(0, (0, common_1.Param)('id')),
    __param(1, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, list_execution_jobs_query_dto_1.ListExecutionJobsQueryDto]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "jobs", null);
__decorate([
    (0, common_1.Post)(':id/cancel'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, swagger_1.ApiOkResponse)({ type: execution_response_dto_1.ExecutionResponseDto, description: 'Pending and scheduled jobs cancelled, running ones asked to cancel' }),
    (0, swagger_1.ApiNotFoundResponse)(),
    __param(0, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], ExecutionsController.prototype, "cancel", null);
exports.ExecutionsController = ExecutionsController = __decorate([
    (0, swagger_1.ApiTags)('executions'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, common_1.Controller)('executions'),
    __metadata("design:paramtypes", [executions_service_1.ExecutionsService])
], ExecutionsController);
//# sourceMappingURL=executions.controller.js.map