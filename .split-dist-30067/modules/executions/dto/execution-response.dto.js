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
exports.ExecutionPageResponseDto = exports.ExecutionResponseDto = exports.CreatedExecutionResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const execution_1 = require("../../../domain/execution");
const jobs_1 = require("../../jobs");
class CreatedExecutionResponseDto {
    id;
    total;
}
exports.CreatedExecutionResponseDto = CreatedExecutionResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'default-01JABCDEFG0123456789ABCD' }),
    __metadata("design:type", String)
], CreatedExecutionResponseDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs in the execution (a job whose idempotency key matched an existing job is not one)' }),
    __metadata("design:type", Number)
], CreatedExecutionResponseDto.prototype, "total", void 0);
class ExecutionResponseDto {
    id;
    queue;
    status;
    counts;
    total;
    createdAt;
    updatedAt;
    finishedAt;
}
exports.ExecutionResponseDto = ExecutionResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], ExecutionResponseDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], ExecutionResponseDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: execution_1.EXECUTION_STATUSES, description: 'running until every job is final; then succeeded, failed (none succeeded) or partial' }),
    __metadata("design:type", String)
], ExecutionResponseDto.prototype, "status", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: jobs_1.QueueCountsDto }),
    __metadata("design:type", Object)
], ExecutionResponseDto.prototype, "counts", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", Number)
], ExecutionResponseDto.prototype, "total", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], ExecutionResponseDto.prototype, "createdAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], ExecutionResponseDto.prototype, "updatedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], ExecutionResponseDto.prototype, "finishedAt", void 0);
class ExecutionPageResponseDto {
    items;
    nextCursor;
}
exports.ExecutionPageResponseDto = ExecutionPageResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [ExecutionResponseDto] }),
    __metadata("design:type", Array)
], ExecutionPageResponseDto.prototype, "items", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' }),
    __metadata("design:type", Object)
], ExecutionPageResponseDto.prototype, "nextCursor", void 0);
//# sourceMappingURL=execution-response.dto.js.map