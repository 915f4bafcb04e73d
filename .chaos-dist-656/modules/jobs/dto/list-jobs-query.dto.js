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
exports.ListJobsQueryDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const job_1 = require("../../../domain/job");
const job_limits_1 = require("../job-limits");
const NAME_MESSAGE = '$property must match [A-Za-z0-9_.:-]{1,100}';
class ListJobsQueryDto {
    queue;
    status;
    type;
    limit;
    cursor;
    from;
    to;
}
exports.ListJobsQueryDto = ListJobsQueryDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ pattern: job_1.NAME_PATTERN.source, default: job_1.DEFAULT_QUEUE }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(job_1.NAME_PATTERN, { message: NAME_MESSAGE }),
    __metadata("design:type", String)
], ListJobsQueryDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ enum: job_1.JOB_STATUSES }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(job_1.JOB_STATUSES),
    __metadata("design:type", String)
], ListJobsQueryDto.prototype, "status", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ pattern: job_1.NAME_PATTERN.source }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(job_1.NAME_PATTERN, { message: NAME_MESSAGE }),
    __metadata("design:type", String)
], ListJobsQueryDto.prototype, "type", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: 1, maximum: job_limits_1.MAX_LIST_LIMIT, default: job_limits_1.DEFAULT_LIST_LIMIT }),
    (0, class_validator_1.IsOptional)(),
    (0, class_transformer_1.Type)(() => Number),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(job_limits_1.MAX_LIST_LIMIT),
    __metadata("design:type", Number)
], ListJobsQueryDto.prototype, "limit", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'nextCursor of the previous page' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Length)(1, job_limits_1.MAX_CURSOR_LENGTH),
    __metadata("design:type", String)
], ListJobsQueryDto.prototype, "cursor", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        format: 'date-time',
        example: '2030-01-01T00:00:00Z',
        description: 'Jobs created at or after this time (ISO-8601). Read from job history: 400 when history is off (no DATABASE_URL)',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsISO8601)({ strict: true }, { message: '$property must be an ISO-8601 date-time' }),
    __metadata("design:type", String)
], ListJobsQueryDto.prototype, "from", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        format: 'date-time',
        example: '2030-01-02T00:00:00Z',
        description: 'Jobs created before this time (ISO-8601). Read from job history: 400 when history is off (no DATABASE_URL)',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsISO8601)({ strict: true }, { message: '$property must be an ISO-8601 date-time' }),
    __metadata("design:type", String)
], ListJobsQueryDto.prototype, "to", void 0);
//# sourceMappingURL=list-jobs-query.dto.js.map