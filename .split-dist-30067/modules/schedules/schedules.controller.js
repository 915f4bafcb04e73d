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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SchedulesController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const json_only_middleware_1 = require("../../http/json-only.middleware");
const jobs_1 = require("../jobs");
const jobs_2 = require("../jobs");
const jobs_3 = require("../jobs");
const list_schedules_query_dto_1 = require("./dto/list-schedules-query.dto");
const put_schedule_dto_1 = require("./dto/put-schedule.dto");
const schedule_response_dto_1 = require("./dto/schedule-response.dto");
const schedule_presenter_1 = require("./schedule.presenter");
const schedules_service_1 = require("./schedules.service");
const http_1 = require("../../http");
const tracing_1 = require("../tracing");
let SchedulesController = class SchedulesController {
    schedules;
    constructor(schedules) {
        this.schedules = schedules;
    }
    async put(name, dto, res) {
        const { created, schedule } = await this.schedules.put(name, toScheduleSpec(dto));
        res.status(created ? common_1.HttpStatus.CREATED : common_1.HttpStatus.OK);
        return (0, schedule_presenter_1.presentSchedule)(schedule);
    }
    async list(query) {
        const page = await this.schedules.list(query.limit ?? jobs_1.DEFAULT_LIST_LIMIT, query.cursor);
        return { items: page.items.map(schedule_presenter_1.presentSchedule), nextCursor: page.nextCursor };
    }
    async get(name) {
        return (0, schedule_presenter_1.presentScheduleDetail)(await this.schedules.get(name));
    }
    async delete(name) {
        await this.schedules.delete(name);
    }
    async pause(name) {
        return (0, schedule_presenter_1.presentSchedule)(await this.schedules.pause(name));
    }
    async resume(name) {
        return (0, schedule_presenter_1.presentSchedule)(await this.schedules.resume(name));
    }
    async trigger(name) {
        const { jobId, fireAt } = await this.schedules.trigger(name);
        return { jobId, fireAt: new Date(fireAt).toISOString() };
    }
};
exports.SchedulesController = SchedulesController;
__decorate([
    (0, common_1.Put)(':name'),
    (0, http_1.Audited)('schedule.put', scheduleTarget, scheduleFieldNames),
    (0, swagger_1.ApiOperation)({ operationId: 'putSchedule', summary: 'Create or replace a schedule' }),
    (0, swagger_1.ApiCreatedResponse)({ type: schedule_response_dto_1.ScheduleResponseDto, description: 'Created' }),
    (0, swagger_1.ApiOkResponse)({ type: schedule_response_dto_1.ScheduleResponseDto, description: 'Replaced: the whole definition, ticks computed from now; runs and counts kept' }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'A field is invalid; `errors` names it (job.payload.url, cron, timezone...)' }),
    (0, swagger_1.ApiPayloadTooLargeResponse)({ description: 'The job payload is larger than MAX_PAYLOAD_BYTES' }),
    (0, json_only_middleware_1.ApiJsonBodyOnly)(),
    __param(0, (0, common_1.Param)('name')),
    __param(1, (0, common_1.Body)()),
    __param(2, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, put_schedule_dto_1.PutScheduleDto, Object]),
    __metadata("design:returntype", Promise)
], SchedulesController.prototype, "put", null);
__decorate([
    (0, common_1.Get)(),
    (0, swagger_1.ApiOperation)({ operationId: 'listSchedules', summary: 'List schedules by name' }),
    (0, swagger_1.ApiOkResponse)({ type: schedule_response_dto_1.SchedulePageResponseDto }),
    __param(0, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [list_schedules_query_dto_1.ListSchedulesQueryDto]),
    __metadata("design:returntype", Promise)
], SchedulesController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':name'),
    (0, swagger_1.ApiOperation)({ operationId: 'getSchedule', summary: 'A schedule with its next 5 ticks and its latest 20 runs' }),
    (0, swagger_1.ApiOkResponse)({ type: schedule_response_dto_1.ScheduleDetailResponseDto }),
    (0, swagger_1.ApiNotFoundResponse)(),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], SchedulesController.prototype, "get", null);
__decorate([
    (0, common_1.Delete)(':name'),
    (0, common_1.HttpCode)(common_1.HttpStatus.NO_CONTENT),
    (0, http_1.Audited)('schedule.delete', scheduleTarget),
    (0, swagger_1.ApiOperation)({ operationId: 'deleteSchedule', summary: 'Delete a schedule (the jobs it made stay)' }),
    (0, swagger_1.ApiNoContentResponse)(),
    (0, swagger_1.ApiNotFoundResponse)(),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], SchedulesController.prototype, "delete", null);
__decorate([
    (0, common_1.Post)(':name/pause'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('schedule.pause', scheduleTarget),
    (0, swagger_1.ApiOperation)({ operationId: 'pauseSchedule', summary: 'Pause: no tick fires until resumed' }),
    (0, swagger_1.ApiOkResponse)({ type: schedule_response_dto_1.ScheduleResponseDto }),
    (0, swagger_1.ApiNotFoundResponse)(),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], SchedulesController.prototype, "pause", null);
__decorate([
    (0, common_1.Post)(':name/resume'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('schedule.resume', scheduleTarget),
    (0, swagger_1.ApiOperation)({ operationId: 'resumeSchedule', summary: 'Resume at the first tick after now (ticks while paused are not caught up)' }),
    (0, swagger_1.ApiOkResponse)({ type: schedule_response_dto_1.ScheduleResponseDto }),
    (0, swagger_1.ApiNotFoundResponse)(),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], SchedulesController.prototype, "resume", null);
__decorate([
    (0, common_1.Post)(':name/trigger'),
    (0, http_1.Audited)('schedule.trigger', scheduleTarget),
    (0, swagger_1.ApiOperation)({ operationId: 'triggerSchedule', summary: 'Fire once, now (also when paused; the overlap rule does not apply)' }),
    (0, common_1.UseInterceptors)(tracing_1.TraceContextInterceptor),
    (0, swagger_1.ApiCreatedResponse)({ type: schedule_response_dto_1.ScheduleTriggerResponseDto }),
    (0, swagger_1.ApiNotFoundResponse)(),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], SchedulesController.prototype, "trigger", null);
exports.SchedulesController = SchedulesController = __decorate([
    (0, swagger_1.ApiTags)('schedules'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store is unreachable; retry after Retry-After seconds' }),
    (0, common_1.Controller)('schedules'),
    __metadata("design:paramtypes", [schedules_service_1.SchedulesService])
], SchedulesController);
function scheduleTarget(req) {
    return `schedule:${(0, http_1.param)(req, 'name')}`;
}
/**
 * A schedule put records the names of the fields it set, never their values: a schedule's job
 * may carry secret headers (HTTP_SECRET_HEADERS), and its payload is the client's business.
 */
function scheduleFieldNames(req) {
    const body = (0, http_1.bodyObject)(req);
    if (body === undefined)
        return undefined;
    const job = typeof body.job === 'object' && body.job !== null && !Array.isArray(body.job) ? Object.keys(body.job).sort() : undefined;
    return job === undefined ? { fields: Object.keys(body).sort() } : { fields: Object.keys(body).sort(), jobFields: job };
}
function toScheduleSpec(dto) {
    // the job fields through the mapper of POST /jobs, so defaults and backoff caps are the same
    const { queue: _queue, ...job } = (0, jobs_3.toJobSpec)(dto.job);
    const spec = { job };
    if (dto.queue != null)
        spec.queue = dto.queue;
    if (dto.cron != null)
        spec.cron = dto.cron;
    if (dto.everyMs != null)
        spec.everyMs = dto.everyMs;
    if (dto.timezone != null)
        spec.timezone = dto.timezone;
    if (dto.overlap != null)
        spec.overlap = dto.overlap;
    if (dto.catchUp != null)
        spec.catchUp = dto.catchUp;
    if (dto.maxCatchUp != null)
        spec.maxCatchUp = dto.maxCatchUp;
    if (dto.startAt != null)
        spec.startAt = (0, jobs_2.parseRunAt)(dto.startAt);
    if (dto.endAt != null)
        spec.endAt = (0, jobs_2.parseRunAt)(dto.endAt);
    if (dto.paused != null)
        spec.paused = dto.paused;
    return spec;
}
//# sourceMappingURL=schedules.controller.js.map