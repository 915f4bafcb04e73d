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
exports.QueuesController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const queue_summary_response_dto_1 = require("./dto/queue-summary-response.dto");
const queues_service_1 = require("./queues.service");
let QueuesController = class QueuesController {
    queues;
    constructor(queues) {
        this.queues = queues;
    }
    list() {
        return this.queues.summaries();
    }
};
exports.QueuesController = QueuesController;
__decorate([
    (0, common_1.Get)(),
    (0, swagger_1.ApiOkResponse)({ type: [queue_summary_response_dto_1.QueueSummaryResponseDto], description: 'Every known queue with its job count per state, by name' }),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store is unreachable' }),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Promise)
], QueuesController.prototype, "list", null);
exports.QueuesController = QueuesController = __decorate([
    (0, swagger_1.ApiTags)('queues'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, common_1.Controller)('queues'),
    __metadata("design:paramtypes", [queues_service_1.QueuesService])
], QueuesController);
//# sourceMappingURL=queues.controller.js.map