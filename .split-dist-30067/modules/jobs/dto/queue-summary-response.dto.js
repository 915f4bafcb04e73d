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
exports.QueueSummaryResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const queue_counts_dto_1 = require("./queue-counts.dto");
class RefreshBacklogDto {
    backlog;
    inFlight;
}
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Executions whose status changed and waits for a refresh' }),
    __metadata("design:type", Number)
], RefreshBacklogDto.prototype, "backlog", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Executions being refreshed now' }),
    __metadata("design:type", Number)
], RefreshBacklogDto.prototype, "inFlight", void 0);
class QueueSummaryResponseDto {
    name;
    counts;
    refresh;
}
exports.QueueSummaryResponseDto = QueueSummaryResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], QueueSummaryResponseDto.prototype, "name", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: queue_counts_dto_1.QueueCountsDto }),
    __metadata("design:type", Object)
], QueueSummaryResponseDto.prototype, "counts", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: RefreshBacklogDto }),
    __metadata("design:type", Object)
], QueueSummaryResponseDto.prototype, "refresh", void 0);
//# sourceMappingURL=queue-summary-response.dto.js.map