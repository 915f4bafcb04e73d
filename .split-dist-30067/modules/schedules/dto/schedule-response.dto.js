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
exports.ScheduleTriggerResponseDto = exports.SchedulePageResponseDto = exports.ScheduleDetailResponseDto = exports.ScheduleResponseDto = exports.ScheduleRunDto = exports.ScheduleCountsDto = exports.ScheduleJobResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const job_1 = require("../../../domain/job");
const schedule_1 = require("../../../domain/schedule");
const jobs_1 = require("../../jobs");
/** The job each tick makes, shown with the fields (and docs) of a job's own response. */
class ScheduleJobResponseDto extends (0, swagger_1.PickType)(jobs_1.JobResponseDto, ['type', 'payload', 'priority', 'maxAttempts', 'backoff', 'timeoutMs', 'callbackUrl', 'group']) {
}
exports.ScheduleJobResponseDto = ScheduleJobResponseDto;
class ScheduleCountsDto {
    fired;
    skipped;
    missed;
}
exports.ScheduleCountsDto = ScheduleCountsDto;
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Ticks that made a job (and manual triggers)' }),
    __metadata("design:type", Number)
], ScheduleCountsDto.prototype, "fired", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Ticks not fired because the previous run was live (overlap skip)' }),
    __metadata("design:type", Number)
], ScheduleCountsDto.prototype, "skipped", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Ticks not fired because their time had passed (catchUp)' }),
    __metadata("design:type", Number)
], ScheduleCountsDto.prototype, "missed", void 0);
class ScheduleRunDto {
    fireAt;
    jobId;
    status;
    trigger;
}
exports.ScheduleRunDto = ScheduleRunDto;
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time', description: 'The tick (or the time of a manual trigger)' }),
    __metadata("design:type", String)
], ScheduleRunDto.prototype, "fireAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], ScheduleRunDto.prototype, "jobId", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: job_1.JOB_STATUSES, nullable: true, description: 'The job\'s status now; null once the job has left the store (GET /jobs/:id reads it from history)' }),
    __metadata("design:type", Object)
], ScheduleRunDto.prototype, "status", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'Made by POST /schedules/:name/trigger' }),
    __metadata("design:type", Boolean)
], ScheduleRunDto.prototype, "trigger", void 0);
class ScheduleResponseDto {
    name;
    queue;
    cron;
    everyMs;
    timezone;
    job;
    overlap;
    catchUp;
    maxCatchUp;
    startAt;
    endAt;
    paused;
    nextRunAt;
    counts;
    lastJobId;
    version;
    createdAt;
    updatedAt;
}
exports.ScheduleResponseDto = ScheduleResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "name", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "cron", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)(),
    __metadata("design:type", Number)
], ScheduleResponseDto.prototype, "everyMs", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "timezone", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: ScheduleJobResponseDto }),
    __metadata("design:type", ScheduleJobResponseDto)
], ScheduleResponseDto.prototype, "job", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: schedule_1.OVERLAP_POLICIES }),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "overlap", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: schedule_1.CATCH_UP_POLICIES }),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "catchUp", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", Number)
], ScheduleResponseDto.prototype, "maxCatchUp", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "startAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time' }),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "endAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", Boolean)
], ScheduleResponseDto.prototype, "paused", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, format: 'date-time', nullable: true, description: 'The next tick; null when paused or ended' }),
    __metadata("design:type", Object)
], ScheduleResponseDto.prototype, "nextRunAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: ScheduleCountsDto }),
    __metadata("design:type", ScheduleCountsDto)
], ScheduleResponseDto.prototype, "counts", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'The job of the latest run' }),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "lastJobId", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Bumped by every PUT' }),
    __metadata("design:type", Number)
], ScheduleResponseDto.prototype, "version", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "createdAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], ScheduleResponseDto.prototype, "updatedAt", void 0);
class ScheduleDetailResponseDto extends ScheduleResponseDto {
    nextRuns;
    lastRuns;
}
exports.ScheduleDetailResponseDto = ScheduleDetailResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [String], format: 'date-time', description: 'The next 5 ticks' }),
    __metadata("design:type", Array)
], ScheduleDetailResponseDto.prototype, "nextRuns", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: [ScheduleRunDto], description: 'The latest 20 runs, newest first' }),
    __metadata("design:type", Array)
], ScheduleDetailResponseDto.prototype, "lastRuns", void 0);
class SchedulePageResponseDto {
    items;
    nextCursor;
}
exports.SchedulePageResponseDto = SchedulePageResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [ScheduleResponseDto] }),
    __metadata("design:type", Array)
], SchedulePageResponseDto.prototype, "items", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last' }),
    __metadata("design:type", Object)
], SchedulePageResponseDto.prototype, "nextCursor", void 0);
class ScheduleTriggerResponseDto {
    jobId;
    fireAt;
}
exports.ScheduleTriggerResponseDto = ScheduleTriggerResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'The job the trigger made (GET /jobs/:id shows it)' }),
    __metadata("design:type", String)
], ScheduleTriggerResponseDto.prototype, "jobId", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], ScheduleTriggerResponseDto.prototype, "fireAt", void 0);
//# sourceMappingURL=schedule-response.dto.js.map