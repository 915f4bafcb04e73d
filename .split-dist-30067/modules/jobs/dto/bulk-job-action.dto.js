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
Object.defineProperty(exports, "__esModule", { value: true });
exports.BulkJobActionResponseDto = exports.BulkRetryJobsDto = exports.BulkCancelJobsDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_validator_1 = require("class-validator");
const job_1 = require("../../../domain/job");
const bulk_job_action_1 = require("../bulk-job-action");
const job_limits_1 = require("../job-limits");
/** The body of a bulk action but its status: the type filter and the batch's paging. */
class BulkJobActionDto {
    type;
    limit;
    cursor;
}
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ pattern: job_1.NAME_PATTERN.source, description: 'Only jobs of this type' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(job_1.NAME_PATTERN, { message: '$property must match [A-Za-z0-9_.:-]{1,100}' }),
    __metadata("design:type", String)
], BulkJobActionDto.prototype, "type", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: 1, maximum: bulk_job_action_1.MAX_BULK_LIMIT, default: bulk_job_action_1.DEFAULT_BULK_LIMIT, description: 'Jobs this call looks at (one page of the listing)' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(bulk_job_action_1.MAX_BULK_LIMIT),
    __metadata("design:type", Number)
], BulkJobActionDto.prototype, "limit", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'nextCursor of the previous call of the same bulk action' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Length)(1, job_limits_1.MAX_CURSOR_LENGTH),
    __metadata("design:type", String)
], BulkJobActionDto.prototype, "cursor", void 0);
class BulkCancelJobsDto extends BulkJobActionDto {
    status;
}
exports.BulkCancelJobsDto = BulkCancelJobsDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ enum: bulk_job_action_1.BULK_ACTION_STATUSES.cancel, default: bulk_job_action_1.BULK_ACTION_STATUSES.cancel[0], description: 'The jobs to cancel: running ones are asked to cancel' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(bulk_job_action_1.BULK_ACTION_STATUSES.cancel),
    __metadata("design:type", String)
], BulkCancelJobsDto.prototype, "status", void 0);
class BulkRetryJobsDto extends BulkJobActionDto {
    status;
}
exports.BulkRetryJobsDto = BulkRetryJobsDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ enum: bulk_job_action_1.BULK_ACTION_STATUSES.retry, default: bulk_job_action_1.BULK_ACTION_STATUSES.retry[0], description: 'The jobs to retry' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(bulk_job_action_1.BULK_ACTION_STATUSES.retry),
    __metadata("design:type", String)
], BulkRetryJobsDto.prototype, "status", void 0);
class BulkJobActionResponseDto {
    processed;
    changed;
    skipped;
    nextCursor;
}
exports.BulkJobActionResponseDto = BulkJobActionResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs this call looked at: one page of the filtered listing' }),
    __metadata("design:type", Number)
], BulkJobActionResponseDto.prototype, "processed", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs it cancelled (or asked to cancel) or retried' }),
    __metadata("design:type", Number)
], BulkJobActionResponseDto.prototype, "changed", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs that had moved on since the page was read (gone, or in a state the action does not take)' }),
    __metadata("design:type", Number)
], BulkJobActionResponseDto.prototype, "skipped", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'Pass as `cursor` to the next call; null once the listing is done' }),
    __metadata("design:type", Object)
], BulkJobActionResponseDto.prototype, "nextCursor", void 0);
//# sourceMappingURL=bulk-job-action.dto.js.map