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
const job_response_dto_1 = require("./job-response.dto");
/** What history records of every job it has seen. */
const RECORDED = ['id', 'queue', 'status', 'attempts', 'createdAt', 'updatedAt', 'startedAt', 'finishedAt', 'workerId', 'result', 'lastError', 'executionId', 'schedule'];
/** What it knows only once the job's enqueue reached it. */
const FROM_ENQUEUE = ['type', 'maxAttempts', 'priority'];
/**
 * A job as job history (PostgreSQL) recorded it: returned once retention has removed the job from
 * the store, and by `GET /jobs?from=&to=`. The fields are JobResponseDto's (swagger's mapped
 * types keep one declaration of each); history keeps no payload, backoff, timeout or runAt, so
 * those are absent, and type, maxAttempts and priority are unknown until the job's enqueue
 * reached history. `source` is always "history".
 */
class JobHistoryResponseDto extends (0, swagger_1.IntersectionType)((0, swagger_1.PickType)(job_response_dto_1.JobResponseDto, RECORDED), (0, swagger_1.PartialType)((0, swagger_1.PickType)(job_response_dto_1.JobResponseDto, FROM_ENQUEUE))) {
    source;
}
exports.JobHistoryResponseDto = JobHistoryResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['history'], example: 'history' }),
    __metadata("design:type", String)
], JobHistoryResponseDto.prototype, "source", void 0);
//# sourceMappingURL=job-history-response.dto.js.map