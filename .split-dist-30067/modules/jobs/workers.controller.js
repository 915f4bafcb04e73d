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
exports.WorkersController = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const workers_response_dto_1 = require("./dto/workers-response.dto");
const workers_presenter_1 = require("./workers.presenter");
const workers_service_1 = require("./workers.service");
let WorkersController = class WorkersController {
    workers;
    constructor(workers) {
        this.workers = workers;
    }
    async list() {
        const { live, dead } = await this.workers.overview();
        return { live: live.map(workers_presenter_1.presentLiveWorker), dead: dead.map(workers_presenter_1.presentDeadWorker) };
    }
};
exports.WorkersController = WorkersController;
__decorate([
    (0, common_1.Get)(),
    (0, swagger_1.ApiOperation)({ operationId: 'listWorkers', summary: 'Worker processes: those heard from within WORKER_DEAD_MS, and the last 100 the reaper declared dead' }),
    (0, swagger_1.ApiOkResponse)({ type: workers_response_dto_1.WorkersResponseDto }),
    (0, swagger_1.ApiServiceUnavailableResponse)({ description: 'The job store is unreachable; retry after Retry-After seconds' }),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Promise)
], WorkersController.prototype, "list", null);
exports.WorkersController = WorkersController = __decorate([
    (0, swagger_1.ApiTags)('workers'),
    (0, swagger_1.ApiBearerAuth)(),
    (0, common_1.Controller)('workers'),
    __metadata("design:paramtypes", [workers_service_1.WorkersService])
], WorkersController);
//# sourceMappingURL=workers.controller.js.map