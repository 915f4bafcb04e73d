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
exports.PutScheduleDto = exports.ScheduleJobDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const job_1 = require("../../../domain/job");
const schedule_1 = require("../../../domain/schedule");
const jobs_1 = require("../../jobs");
const jobs_2 = require("../../jobs");
/** The job each tick makes: a POST /jobs body without queue (the schedule's), timing and idempotency key (the tick's). */
class ScheduleJobDto extends (0, swagger_1.OmitType)(jobs_1.CreateJobDto, ['queue', 'delayMs', 'runAt', 'idempotencyKey']) {
}
exports.ScheduleJobDto = ScheduleJobDto;
// @OpaqueJson is recorded per class; a mapped type copies validation and OpenAPI metadata, not it
(0, jobs_1.jobPayload)(ScheduleJobDto.prototype, 'payload');
const TIME_DESCRIPTION = 'ISO-8601 with a zone, or epoch ms';
class PutScheduleDto {
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
}
exports.PutScheduleDto = PutScheduleDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ pattern: job_1.NAME_PATTERN.source, default: 'default', description: 'The queue of the jobs it fires: one of QUEUES (400 otherwise)' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Matches)(job_1.NAME_PATTERN, { message: '$property must match [A-Za-z0-9_.:-]{1,100}' }),
    __metadata("design:type", String)
], PutScheduleDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        maxLength: 200,
        example: '0 30 2 * * *',
        description: 'A cron pattern of 5 fields (minute hour day month weekday) or 6 (seconds first), in `timezone`. Exactly one of cron and everyMs.',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MaxLength)(200),
    __metadata("design:type", String)
], PutScheduleDto.prototype, "cron", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: schedule_1.MIN_EVERY_MS, maximum: schedule_1.MAX_EVERY_MS, description: 'A tick every this many ms from startAt (or from the schedule\'s creation). Exactly one of cron and everyMs.' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(schedule_1.MIN_EVERY_MS),
    (0, class_validator_1.Max)(schedule_1.MAX_EVERY_MS),
    __metadata("design:type", Number)
], PutScheduleDto.prototype, "everyMs", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ default: 'UTC', maxLength: 100, example: 'Europe/Berlin', description: 'IANA time zone the cron pattern is read in' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MaxLength)(100),
    __metadata("design:type", String)
], PutScheduleDto.prototype, "timezone", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: ScheduleJobDto, description: 'The job every tick makes, validated as POST /jobs validates a job' }),
    (0, class_validator_1.IsObject)(),
    (0, class_validator_1.ValidateNested)(),
    (0, class_transformer_1.Type)(() => ScheduleJobDto),
    __metadata("design:type", ScheduleJobDto)
], PutScheduleDto.prototype, "job", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ enum: schedule_1.OVERLAP_POLICIES, default: 'allow', description: 'skip: no tick fires while the previous run is pending, scheduled or running' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(schedule_1.OVERLAP_POLICIES),
    __metadata("design:type", String)
], PutScheduleDto.prototype, "overlap", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        enum: schedule_1.CATCH_UP_POLICIES,
        default: 'latest',
        description: 'Ticks whose time passed while no instance ran: none (dropped; a tick is on time within SCHEDULE_MISFIRE_GRACE_MS), latest (the latest one fires), all (each fires, up to maxCatchUp)',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(schedule_1.CATCH_UP_POLICIES),
    __metadata("design:type", String)
], PutScheduleDto.prototype, "catchUp", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: 1, maximum: schedule_1.MAX_CATCH_UP_LIMIT, default: schedule_1.DEFAULT_MAX_CATCH_UP, description: 'catchUp all: the most missed ticks one fire makes jobs for (the latest ones)' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(schedule_1.MAX_CATCH_UP_LIMIT),
    __metadata("design:type", Number)
], PutScheduleDto.prototype, "maxCatchUp", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ oneOf: [{ type: 'string', format: 'date-time' }, { type: 'integer', minimum: 0 }], description: `No tick before this: ${TIME_DESCRIPTION}` }),
    (0, class_validator_1.IsOptional)(),
    (0, jobs_2.IsRunAt)(),
    __metadata("design:type", Object)
], PutScheduleDto.prototype, "startAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ oneOf: [{ type: 'string', format: 'date-time' }, { type: 'integer', minimum: 0 }], description: `No tick after this: ${TIME_DESCRIPTION}` }),
    (0, class_validator_1.IsOptional)(),
    (0, jobs_2.IsRunAt)(),
    __metadata("design:type", Object)
], PutScheduleDto.prototype, "endAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ default: false, description: 'Created (or replaced) paused' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Boolean)
], PutScheduleDto.prototype, "paused", void 0);
//# sourceMappingURL=put-schedule.dto.js.map