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
exports.QueueSettingsResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const fairness_1 = require("../../../domain/fairness");
const rate_limit_dto_1 = require("./rate-limit.dto");
class QueueSettingsResponseDto {
    queue;
    paused;
    groupConcurrency;
    rateLimit;
}
exports.QueueSettingsResponseDto = QueueSettingsResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], QueueSettingsResponseDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'No job of the queue is claimed while paused; running ones run on' }),
    __metadata("design:type", Boolean)
], QueueSettingsResponseDto.prototype, "paused", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: 'integer', nullable: true, minimum: 1, maximum: fairness_1.MAX_GROUP_CONCURRENCY, description: 'The cap of every group without its own; null: none' }),
    __metadata("design:type", Object)
], QueueSettingsResponseDto.prototype, "groupConcurrency", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: rate_limit_dto_1.RateLimitDto, nullable: true, description: "The queue's own rate; null: none" }),
    __metadata("design:type", Object)
], QueueSettingsResponseDto.prototype, "rateLimit", void 0);
//# sourceMappingURL=queue-settings-response.dto.js.map