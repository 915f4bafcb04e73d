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
exports.JobHistoryResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const job_1 = require("../../../domain/job");
/**
 * A job as job history (PostgreSQL) recorded it: returned once retention has removed the job from
 * the store, and by `GET /jobs?from=&to=`. History keeps no payload, backoff, timeout or runAt, so
 * those are absent; `source` is always "history".
 */
class JobHistoryResponseDto {
    id;
    queue;
    type;
    status;
    attempts;
    maxAttempts;
    priority;
    createdAt;
    updatedAt;
    startedAt;
    finishedAt;
    workerId;
    result;
    lastError;
    executionId;
    source;
}
exports.JobHistoryResponseDto = JobHistoryResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'default-01JABCDEFG0123456789ABCD' }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'Unknown until the job\'s enqueue reached history' }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "type", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: job_1.JOB_STATUSES }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "status", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Attempts started' }),
    __metadata("design:type", Number)
], JobHistoryResponseDto.prototype, "attempts", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", Number)
], JobHistoryResponseDto.prototype, "maxAttempts", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", Number)
], JobHistoryResponseDto.prototype, "priority", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "createdAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "updatedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "startedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "finishedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "workerId", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: "The handler's result (succeeded jobs)" }),
    __metadata("design:type", Object)
], JobHistoryResponseDto.prototype, "result", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "lastError", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "executionId", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['history'], example: 'history' }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "source", void 0);
//# sourceMappingURL=job-history-response.dto.js.map