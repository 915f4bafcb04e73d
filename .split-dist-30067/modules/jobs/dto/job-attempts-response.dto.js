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
exports.JobAttemptsResponseDto = exports.JobAttemptResponseDto = exports.ATTEMPT_OUTCOMES = void 0;
const swagger_1 = require("@nestjs/swagger");
exports.ATTEMPT_OUTCOMES = ['running', 'succeeded', 'failed', 'released', 'expired', 'cancelled'];
class JobAttemptResponseDto {
    attempt;
    run;
    outcome;
    workerId;
    startedAt;
    finishedAt;
    error;
}
exports.JobAttemptResponseDto = JobAttemptResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 1, description: 'Attempt number, from 1; numbers repeat after an API retry (which restarts the count) or a release (which gives the attempt back)' }),
    __metadata("design:type", Number)
], JobAttemptResponseDto.prototype, "attempt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        example: 1,
        description: "The attempt's run: the fencing token of its claim, bumped on every claim of the job and never reset, so it tells every attempt apart; items are in run order",
    }),
    __metadata("design:type", Number)
], JobAttemptResponseDto.prototype, "run", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: exports.ATTEMPT_OUTCOMES, description: '`running` while the attempt has not ended (or its end is not recorded yet)' }),
    __metadata("design:type", String)
], JobAttemptResponseDto.prototype, "outcome", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], JobAttemptResponseDto.prototype, "workerId", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobAttemptResponseDto.prototype, "startedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], JobAttemptResponseDto.prototype, "finishedAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'Why the attempt failed or expired' }),
    __metadata("design:type", String)
], JobAttemptResponseDto.prototype, "error", void 0);
class JobAttemptsResponseDto {
    jobId;
    source;
    items;
}
exports.JobAttemptsResponseDto = JobAttemptsResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], JobAttemptsResponseDto.prototype, "jobId", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        enum: ['history', 'store'],
        description: '`history`: every attempt, from PostgreSQL. `store` (history off, or not yet written): only the latest attempt, ' +
            'derived from the job itself; earlier attempts are counted in the job\'s `attempts` but not described.',
    }),
    __metadata("design:type", String)
], JobAttemptsResponseDto.prototype, "source", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: [JobAttemptResponseDto], description: 'Oldest first (in run order)' }),
    __metadata("design:type", Array)
], JobAttemptsResponseDto.prototype, "items", void 0);
//# sourceMappingURL=job-attempts-response.dto.js.map