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
exports.RateLimitDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_validator_1 = require("class-validator");
const fairness_1 = require("../../../domain/fairness");
/** A token bucket: `max` jobs may start at once from a full bucket, then one every perMs / max ms. */
class RateLimitDto {
    max;
    perMs;
}
exports.RateLimitDto = RateLimitDto;
__decorate([
    (0, swagger_1.ApiProperty)({ minimum: 1, maximum: fairness_1.MAX_RATE_LIMIT_MAX, example: 10, description: 'Jobs that may start per perMs; also the burst a full bucket allows' }),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(fairness_1.MAX_RATE_LIMIT_MAX),
    __metadata("design:type", Number)
], RateLimitDto.prototype, "max", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ minimum: fairness_1.MIN_RATE_LIMIT_PER_MS, maximum: fairness_1.MAX_RATE_LIMIT_PER_MS, example: 1000, description: 'The window, ms (at most a day)' }),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(fairness_1.MIN_RATE_LIMIT_PER_MS),
    (0, class_validator_1.Max)(fairness_1.MAX_RATE_LIMIT_PER_MS),
    __metadata("design:type", Number)
], RateLimitDto.prototype, "perMs", void 0);
//# sourceMappingURL=rate-limit.dto.js.map