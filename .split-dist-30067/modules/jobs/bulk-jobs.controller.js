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
exports.BulkJobsController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const errors_1 = require("../../domain/errors");
const job_1 = require("../../domain/job");
const json_only_middleware_1 = require("../../http/json-only.middleware");
const http_1 = require("../../http");
const bulk_job_action_dto_1 = require("./dto/bulk-job-action.dto");
const jobs_service_1 = require("./jobs.service");
/**
 * Cancel or retry a queue's jobs by filter, one bounded batch per call: the caller (the dashboard,
 * a script) calls again with `nextCursor` until it is null (bulk-job-action.ts).
 */
let BulkJobsController = class BulkJobsController {
    jobs;
    constructor(jobs) {
        this.jobs = jobs;
    }
    cancel(queue, dto) {
        return this.run('cancel', queue, dto);
    }
    retry(queue, dto) {
        return this.run('retry', queue, dto);
    }
    run(action, queue, dto) {
        if (!job_1.NAME_PATTERN.test(queue))
            throw new errors_1.InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}');
        return this.jobs.bulk(action, { queue, status: dto.status, type: dto.type, limit: dto.limit, cursor: dto.cursor });
    }
};
exports.BulkJobsController = BulkJobsController;
__decorate([
    (0, common_1.Post)(':name/jobs/cancel'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('jobs.cancel', (req) => `queue:${(0, http_1.param)(req, 'name')}`, http_1.bodyObject),
    (0, swagger_1.ApiOperation)({ operationId: 'cancelQueueJobs', summary: "Cancel one batch of the queue's pending, scheduled or running jobs (running ones are asked to cancel)" }),
    (0, swagger_1.ApiOkResponse)({ type: bulk_job_action_dto_1.BulkJobActionResponseDto }),
    (0, json_only_middleware_1.ApiJsonBodyOnly)(),
    __param(0, (0, common_1.Param)('name')),
    __param(1, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, bulk_job_action_dto_1.BulkCancelJobsDto]),
    __metadata("design:returntype", Promise)
], BulkJobsController.prototype, "cancel", null);
__decorate([
    (0, common_1.Post)(':name/jobs/retry'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('jobs.retry', (req) => `queue:${(0, http_1.param)(req, 'name')}`, http_1.bodyObject),
    (0, swagger_1.ApiOperation)({ operationId: 'retryQueueJobs', summary: "Retry one batch of the queue's failed or cancelled jobs" }),
    (0, swagger_1.ApiOkResponse)({ type: bulk_job_action_dto_1.BulkJobActionResponseDto }),
    (0, json_only_middleware_1.ApiJsonBodyOnly)(),
    __param(0, (0, common_1.Param)('name')),
    __param(1, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, bulk_job_action_dto_1.BulkRetryJobsDto]),
    __metadata("design:returntype", Promise)
], BulkJobsController.prototype, "retry", null);
exports.BulkJobsController = BulkJobsController = __decorate([
    (0, swagger_1.ApiTags)('jobs'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, swagger_1.ApiParam)({ name: 'name', description: 'A queue of QUEUES (400 naming `name` otherwise)' }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'A field or the queue is invalid; `errors` names it' }),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store is unreachable; retry after Retry-After seconds (the same cursor again: jobs already changed have left the listing)' }),
    (0, common_1.Controller)('queues'),
    __metadata("design:paramtypes", [jobs_service_1.JobsService])
], BulkJobsController);
//# sourceMappingURL=bulk-jobs.controller.js.map