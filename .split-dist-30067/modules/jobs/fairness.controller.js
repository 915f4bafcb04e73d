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
exports.FairnessController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const json_only_middleware_1 = require("../../http/json-only.middleware");
const default_group_alias_1 = require("./default-group-alias");
const group_state_response_dto_1 = require("./dto/group-state-response.dto");
const list_groups_query_dto_1 = require("./dto/list-groups-query.dto");
const put_group_dto_1 = require("./dto/put-group.dto");
const put_queue_settings_dto_1 = require("./dto/put-queue-settings.dto");
const queue_settings_response_dto_1 = require("./dto/queue-settings-response.dto");
const fairness_service_1 = require("./fairness.service");
const fairness_presenter_1 = require("./fairness.presenter");
const job_limits_1 = require("./job-limits");
const http_1 = require("../../http");
const QUEUE_PARAM = { name: 'name', description: 'A queue of QUEUES (400 naming `name` otherwise)' };
const GROUP_PARAM = { name: 'group', description: `A group name ([A-Za-z0-9_.:-]{1,100}), or ${default_group_alias_1.DEFAULT_GROUP_ALIAS} for the default group (jobs without a group)` };
/** The fairness routes of a queue (README, Fairness and rate limits): settings, pause, groups. */
let FairnessController = class FairnessController {
    fairness;
    constructor(fairness) {
        this.fairness = fairness;
    }
    async settings(queue) {
        return (0, fairness_presenter_1.presentQueueSettings)(await this.fairness.settings(queue));
    }
    async updateSettings(queue, dto) {
        return (0, fairness_presenter_1.presentQueueSettings)(await this.fairness.updateSettings(queue, toQueueSettingsPatch(dto)));
    }
    async pause(queue) {
        return (0, fairness_presenter_1.presentQueueSettings)(await this.fairness.setPaused(queue, true));
    }
    async resume(queue) {
        return (0, fairness_presenter_1.presentQueueSettings)(await this.fairness.setPaused(queue, false));
    }
    async groups(queue, query) {
        return (0, fairness_presenter_1.presentGroupPage)(await this.fairness.groups(queue, query.limit ?? job_limits_1.DEFAULT_GROUPS_PAGE, (0, default_group_alias_1.groupCursorFromQuery)(query.cursor)));
    }
    async group(queue, group) {
        return (0, fairness_presenter_1.presentGroup)(await this.fairness.group(queue, group));
    }
    async updateGroup(queue, group, dto) {
        return (0, fairness_presenter_1.presentGroup)(await this.fairness.updateGroup(queue, group, toGroupSettingsPatch(dto)));
    }
};
exports.FairnessController = FairnessController;
__decorate([
    (0, common_1.Get)(':name/settings'),
    (0, swagger_1.ApiOperation)({ operationId: 'getQueueSettings', summary: "The queue's fairness settings: paused, the groups' default cap, its rate limit" }),
    (0, swagger_1.ApiOkResponse)({ type: queue_settings_response_dto_1.QueueSettingsResponseDto }),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], FairnessController.prototype, "settings", null);
__decorate([
    (0, common_1.Put)(':name/settings'),
    (0, http_1.Audited)('queue.settings', queueTarget, http_1.bodyObject),
    (0, swagger_1.ApiOperation)({ operationId: 'putQueueSettings', summary: 'Change the queue settings: a field left out stays, null clears it' }),
    (0, swagger_1.ApiOkResponse)({ type: queue_settings_response_dto_1.QueueSettingsResponseDto, description: 'The settings after the change' }),
    (0, json_only_middleware_1.ApiJsonBodyOnly)(),
    __param(0, (0, common_1.Param)('name')),
    __param(1, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, put_queue_settings_dto_1.PutQueueSettingsDto]),
    __metadata("design:returntype", Promise)
], FairnessController.prototype, "updateSettings", null);
__decorate([
    (0, common_1.Post)(':name/pause'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('queue.pause', queueTarget),
    (0, swagger_1.ApiOperation)({ operationId: 'pauseQueue', summary: 'Pause the queue: no job of it is claimed (running ones run on; enqueues still work)' }),
    (0, swagger_1.ApiOkResponse)({ type: queue_settings_response_dto_1.QueueSettingsResponseDto }),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], FairnessController.prototype, "pause", null);
__decorate([
    (0, common_1.Post)(':name/resume'),
    (0, common_1.HttpCode)(common_1.HttpStatus.OK),
    (0, http_1.Audited)('queue.resume', queueTarget),
    (0, swagger_1.ApiOperation)({ operationId: 'resumeQueue', summary: 'Resume the queue' }),
    (0, swagger_1.ApiOkResponse)({ type: queue_settings_response_dto_1.QueueSettingsResponseDto }),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], FairnessController.prototype, "resume", null);
__decorate([
    (0, common_1.Get)(':name/groups'),
    (0, swagger_1.ApiOperation)({ operationId: 'listGroups', summary: `The groups with pending or running jobs or settings of their own, by name (${default_group_alias_1.DEFAULT_GROUP_ALIAS} first), paged` }),
    (0, swagger_1.ApiOkResponse)({ type: group_state_response_dto_1.GroupPageResponseDto }),
    __param(0, (0, common_1.Param)('name')),
    __param(1, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, list_groups_query_dto_1.ListGroupsQueryDto]),
    __metadata("design:returntype", Promise)
], FairnessController.prototype, "groups", null);
__decorate([
    (0, common_1.Get)(':name/groups/:group'),
    (0, swagger_1.ApiOperation)({ operationId: 'getGroup', summary: 'One group now (a group with no jobs and no settings reads as empty, not 404)' }),
    (0, swagger_1.ApiParam)(GROUP_PARAM),
    (0, swagger_1.ApiOkResponse)({ type: group_state_response_dto_1.GroupStateResponseDto }),
    __param(0, (0, common_1.Param)('name')),
    __param(1, (0, common_1.Param)('group', default_group_alias_1.GroupParamPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String]),
    __metadata("design:returntype", Promise)
], FairnessController.prototype, "group", null);
__decorate([
    (0, common_1.Put)(':name/groups/:group'),
    (0, http_1.Audited)('group.put', (req) => `${queueTarget(req)}/group:${(0, http_1.param)(req, 'group')}`, http_1.bodyObject),
    (0, swagger_1.ApiOperation)({ operationId: 'putGroup', summary: "Change a group's cap, rate limit or pause: a field left out stays, null clears it" }),
    (0, swagger_1.ApiParam)(GROUP_PARAM),
    (0, swagger_1.ApiOkResponse)({ type: group_state_response_dto_1.GroupStateResponseDto, description: 'The group after the change' }),
    (0, json_only_middleware_1.ApiJsonBodyOnly)(),
    __param(0, (0, common_1.Param)('name')),
    __param(1, (0, common_1.Param)('group', default_group_alias_1.GroupParamPipe)),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String, put_group_dto_1.PutGroupDto]),
    __metadata("design:returntype", Promise)
], FairnessController.prototype, "updateGroup", null);
exports.FairnessController = FairnessController = __decorate([
    (0, swagger_1.ApiTags)('queues'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, swagger_1.ApiParam)(QUEUE_PARAM),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'A field or path parameter is invalid, or the queue is not one of QUEUES; `errors` names it' }),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store is unreachable; retry after Retry-After seconds' }),
    (0, common_1.Controller)('queues'),
    __metadata("design:paramtypes", [fairness_service_1.FairnessService])
], FairnessController);
function queueTarget(req) {
    return `queue:${(0, http_1.param)(req, 'name')}`;
}
/** Only the fields given: a DTO's unset properties (undefined) must not read as "clear" (null). */
function toQueueSettingsPatch(dto) {
    const patch = {};
    if (dto.groupConcurrency !== undefined)
        patch.groupConcurrency = dto.groupConcurrency;
    if (dto.rateLimit !== undefined)
        patch.rateLimit = dto.rateLimit === null ? null : { max: dto.rateLimit.max, perMs: dto.rateLimit.perMs };
    return patch;
}
function toGroupSettingsPatch(dto) {
    const patch = {};
    if (dto.concurrency !== undefined)
        patch.concurrency = dto.concurrency;
    if (dto.rateLimit !== undefined)
        patch.rateLimit = dto.rateLimit === null ? null : { max: dto.rateLimit.max, perMs: dto.rateLimit.perMs };
    if (dto.paused !== undefined)
        patch.paused = dto.paused;
    return patch;
}
//# sourceMappingURL=fairness.controller.js.map