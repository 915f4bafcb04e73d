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
exports.GroupPageResponseDto = exports.GroupStateResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const fairness_1 = require("../../../domain/fairness");
const default_group_alias_1 = require("../default-group-alias");
const rate_limit_dto_1 = require("./rate-limit.dto");
const GROUP_LIMITS = ['paused', 'concurrency', 'rate'];
/** A group of a queue now: its jobs, its settings, the cap in force and what holds it back. */
class GroupStateResponseDto {
    name;
    pending;
    running;
    paused;
    concurrency;
    effectiveConcurrency;
    rateLimit;
    limitedBy;
    limitedUntil;
}
exports.GroupStateResponseDto = GroupStateResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'host:api.example.com', description: `The group's name; ${default_group_alias_1.DEFAULT_GROUP_ALIAS} for the queue's default group (jobs without a group)` }),
    __metadata("design:type", String)
], GroupStateResponseDto.prototype, "name", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs waiting to be claimed (scheduled ones join when due)' }),
    __metadata("design:type", Number)
], GroupStateResponseDto.prototype, "pending", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs running now across the fleet' }),
    __metadata("design:type", Number)
], GroupStateResponseDto.prototype, "running", void 0);
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", Boolean)
], GroupStateResponseDto.prototype, "paused", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: 'integer', nullable: true, minimum: 1, maximum: fairness_1.MAX_GROUP_CONCURRENCY, description: "The group's own cap; null: it follows the queue's (and the host default)" }),
    __metadata("design:type", Object)
], GroupStateResponseDto.prototype, "concurrency", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        type: 'integer',
        nullable: true,
        description: "The cap in force: its own, else the queue's groupConcurrency, and a host group's never above HTTP_HOST_CONCURRENCY; null: none",
    }),
    __metadata("design:type", Object)
], GroupStateResponseDto.prototype, "effectiveConcurrency", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: rate_limit_dto_1.RateLimitDto, nullable: true, description: "The group's own rate; null: none" }),
    __metadata("design:type", Object)
], GroupStateResponseDto.prototype, "rateLimit", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: GROUP_LIMITS, nullable: true, description: 'What holds its pending jobs back now; null: nothing' }),
    __metadata("design:type", Object)
], GroupStateResponseDto.prototype, "limitedBy", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'date-time', description: 'limitedBy rate: when its next job may start' }),
    __metadata("design:type", String)
], GroupStateResponseDto.prototype, "limitedUntil", void 0);
class GroupPageResponseDto {
    items;
    nextCursor;
}
exports.GroupPageResponseDto = GroupPageResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [GroupStateResponseDto], description: `By name, ${default_group_alias_1.DEFAULT_GROUP_ALIAS} first` }),
    __metadata("design:type", Array)
], GroupPageResponseDto.prototype, "items", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last' }),
    __metadata("design:type", Object)
], GroupPageResponseDto.prototype, "nextCursor", void 0);
//# sourceMappingURL=group-state-response.dto.js.map