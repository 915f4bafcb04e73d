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
const class_validator_1 = require("class-validator");
const job_1 = require("../../../domain/job");
const job_limits_1 = require("../job-limits");
const page_query_dto_1 = require("./page-query.dto");
/** The filters a lookup by idempotency key cannot take: it names one job. */
const NOT_WITH_IDEMPOTENCY_KEY = ['status', 'type', 'cursor', 'from', 'to'];
/** 400 naming the key when one of NOT_WITH_IDEMPOTENCY_KEY is given with it. */
function IsAloneAsLookup() {
    return (0, class_validator_1.ValidateBy)({
        name: 'isAloneAsLookup',
        validator: {
            validate: (value, args) => value === undefined || NOT_WITH_IDEMPOTENCY_KEY.every((other) => (args?.object)[other] === undefined),
            defaultMessage: (args) => `$property cannot be combined with ${NOT_WITH_IDEMPOTENCY_KEY.filter((other) => (args?.object)[other] !== undefined).join(', ')}`,
        },
    });
}
const NAME_MESSAGE = '$property must match [A-Za-z0-9_.:-]{1,100}';
class ListJobsQueryDto extends page_query_dto_1.PageQueryDto {
    queue;
    status;
    type;
    from;
    to;
    idempotencyKey;
}
exports.ListJobsQueryDto = ListJobsQueryDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        pattern: job_1.NAME_PATTERN.source,
        default: job_1.DEFAULT_QUEUE,
        description: 'Without from/to, one of QUEUES (400 otherwise); job history (from/to) answers any queue it recorded',
    }),
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
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        minLength: 1,
        maxLength: job_limits_1.MAX_IDEMPOTENCY_KEY_LENGTH,
        description: 'The job this idempotency key names in the queue: a page of 0 or 1 item. Not with status, type, cursor, from or to (400)',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Length)(1, job_limits_1.MAX_IDEMPOTENCY_KEY_LENGTH),
    IsAloneAsLookup(),
    __metadata("design:type", String)
], ListJobsQueryDto.prototype, "idempotencyKey", void 0);
//# sourceMappingURL=list-jobs-query.dto.js.map