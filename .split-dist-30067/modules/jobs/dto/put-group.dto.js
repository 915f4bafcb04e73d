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
exports.PutGroupDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const fairness_1 = require("../../../domain/fairness");
const skip_if_absent_decorator_1 = require("../validation/skip-if-absent.decorator");
const rate_limit_dto_1 = require("./rate-limit.dto");
/** PUT /queues/:name/groups/:group: a field left out stays as it is, null clears it. */
class PutGroupDto {
    concurrency;
    rateLimit;
    paused;
}
exports.PutGroupDto = PutGroupDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        type: 'integer',
        nullable: true,
        minimum: 1,
        maximum: fairness_1.MAX_GROUP_CONCURRENCY,
        description: "The group's own cap: its jobs running at once across the fleet. null: the queue's groupConcurrency (and a host group's HTTP_HOST_CONCURRENCY) apply",
    }),
    (0, skip_if_absent_decorator_1.SkipIfAbsentOrNull)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(fairness_1.MAX_GROUP_CONCURRENCY),
    __metadata("design:type", Object)
], PutGroupDto.prototype, "concurrency", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ type: rate_limit_dto_1.RateLimitDto, nullable: true, description: "The group's rate: only its own jobs count. null: none" }),
    (0, skip_if_absent_decorator_1.SkipIfAbsentOrNull)(),
    (0, class_validator_1.IsObject)(),
    (0, class_validator_1.ValidateNested)(),
    (0, class_transformer_1.Type)(() => rate_limit_dto_1.RateLimitDto),
    __metadata("design:type", Object)
], PutGroupDto.prototype, "rateLimit", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: "true: none of the group's jobs is claimed (they stay pending; running ones run on); false: resumed" }),
    (0, skip_if_absent_decorator_1.SkipIfAbsent)(),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Boolean)
], PutGroupDto.prototype, "paused", void 0);
//# sourceMappingURL=put-group.dto.js.map