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
exports.QueuesController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const queue_stats_response_dto_1 = require("./dto/queue-stats-response.dto");
const queue_summary_response_dto_1 = require("./dto/queue-summary-response.dto");
const queue_stats_presenter_1 = require("./queue-stats.presenter");
const queues_service_1 = require("./queues.service");
let QueuesController = class QueuesController {
    queues;
    constructor(queues) {
        this.queues = queues;
    }
    list() {
        return this.queues.summaries();
    }
    async stats(queue) {
        return (0, queue_stats_presenter_1.presentQueueStats)(await this.queues.stats(queue));
    }
};
exports.QueuesController = QueuesController;
__decorate([
    (0, common_1.Get)(),
    (0, swagger_1.ApiOkResponse)({ type: [queue_summary_response_dto_1.QueueSummaryResponseDto], description: 'Every known queue with its job count per state, by name' }),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store is unreachable' }),
    (0, swagger_1.ApiOperation)({ operationId: 'listQueues', summary: 'Every queue with its job counts' }),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Promise)
], QueuesController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':name/stats'),
    (0, swagger_1.ApiOperation)({ operationId: 'getQueueStats', summary: 'The dashboard overview of a queue: counts, its oldest pending job, results per 10 s and pickup and run percentiles over 15 minutes' }),
    (0, swagger_1.ApiParam)({ name: 'name', description: 'A queue of QUEUES (400 naming `name` otherwise)' }),
    (0, swagger_1.ApiOkResponse)({ type: queue_stats_response_dto_1.QueueStatsResponseDto }),
    (0, swagger_1.ApiBadRequestResponse)({ description: 'The queue is not one of QUEUES; `errors` names `name`' }),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store is unreachable; retry after Retry-After seconds' }),
    __param(0, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], QueuesController.prototype, "stats", null);
exports.QueuesController = QueuesController = __decorate([
    (0, swagger_1.ApiTags)('queues'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, common_1.Controller)('queues'),
    __metadata("design:paramtypes", [queues_service_1.QueuesService])
], QueuesController);
//# sourceMappingURL=queues.controller.js.map