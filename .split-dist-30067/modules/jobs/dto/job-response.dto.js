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
exports.JobResponseDto = exports.JobScheduleResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const job_1 = require("../../../domain/job");
const openapi_schemas_1 = require("../../../http/openapi-schemas");
const backoff_dto_1 = require("./backoff.dto");
class JobScheduleResponseDto {
    name;
    fireAt;
}
exports.JobScheduleResponseDto = JobScheduleResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'nightly-report', description: 'The recurring schedule that fired the job' }),
    __metadata("design:type", String)
], JobScheduleResponseDto.prototype, "name", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time', description: 'The tick the job was fired for' }),
    __metadata("design:type", String)
], JobScheduleResponseDto.prototype, "fireAt", void 0);
/** A job as the API returns it: the domain Job with times as ISO-8601 strings. */
class JobResponseDto {
    id;
    queue;
    type;
    payload;
    status;
    priority;
    attempts;
    maxAttempts;
    backoff;
    timeoutMs;
    runAt;
    createdAt;
    updatedAt;
    startedAt;
    finishedAt;
    workerId;
    result;
    lastError;
    lastErrorStack;
    idempotencyKey;
    callbackUrl;
    executionId;
    schedule;
    group;
    cancelRequested;
    source;
}
exports.JobResponseDto = JobResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'default-01JABCDEFG0123456789ABCD' }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], JobResponseDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], JobResponseDto.prototype, "type", void 0);
__decorate([
    (0, swagger_1.ApiProperty)((0, openapi_schemas_1.jsonValueProperty)('The JSON value given at enqueue (null when none was given)')),
    __metadata("design:type", Object)
], JobResponseDto.prototype, "payload", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: job_1.JOB_STATUSES }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "status", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", Number)
], JobResponseDto.prototype, "priority", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Attempts started so far' }),
    __metadata("design:type", Number)
], JobResponseDto.prototype, "attempts", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", Number)
], JobResponseDto.prototype, "maxAttempts", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: backoff_dto_1.BackoffDto }),
    __metadata("design:type", backoff_dto_1.BackoffDto)
], JobResponseDto.prototype, "backoff", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", Number)
], JobResponseDto.prototype, "timeoutMs", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "runAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "createdAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "updatedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "startedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "finishedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobResponseDto.prototype, "workerId", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)((0, openapi_schemas_1.jsonValueProperty)("The handler's result (succeeded jobs)")),
    __metadata("design:type", Object)
], JobResponseDto.prototype, "result", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobResponseDto.prototype, "lastError", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: "The stack of lastError's error, when the handler threw one with a stack (at most 4,000 characters)" }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "lastErrorStack", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobResponseDto.prototype, "idempotencyKey", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobResponseDto.prototype, "callbackUrl", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobResponseDto.prototype, "executionId", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ type: JobScheduleResponseDto, description: 'Set on jobs a recurring schedule fired; clients cannot set it' }),
    __metadata("design:type", JobScheduleResponseDto)
], JobResponseDto.prototype, "schedule", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        pattern: job_1.NAME_PATTERN.source,
        example: 'tenant-42',
        description: "The job's fairness group (README, Fairness and rate limits); absent: the queue's default group",
    }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "group", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'A cancel was asked while the job was running' }),
    __metadata("design:type", Boolean)
], JobResponseDto.prototype, "cancelRequested", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['store'], example: 'store', description: 'Read from the job store; a job as job history recorded it has `source: "history"`' }),
    __metadata("design:type", String)
], JobResponseDto.prototype, "source", void 0);
//# sourceMappingURL=job-response.dto.js.map