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
exports.BackoffDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_validator_1 = require("class-validator");
const job_limits_1 = require("../job-limits");
const is_at_least_field_decorator_1 = require("../validation/is-at-least-field.decorator");
const STRATEGIES = ['fixed', 'exponential'];
class BackoffDto {
    strategy;
    delayMs;
    maxDelayMs;
}
exports.BackoffDto = BackoffDto;
__decorate([
    (0, swagger_1.ApiProperty)({ enum: STRATEGIES, description: 'fixed: the same delay every time; exponential: delayMs * 2^(attempt-1), jittered' }),
    (0, class_validator_1.IsIn)(STRATEGIES),
    __metadata("design:type", String)
], BackoffDto.prototype, "strategy", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ minimum: 0, maximum: job_limits_1.MAX_BACKOFF_DELAY_MS, description: 'Base delay in ms before the next attempt' }),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(job_limits_1.MAX_BACKOFF_DELAY_MS),
    __metadata("design:type", Number)
], BackoffDto.prototype, "delayMs", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        minimum: 0,
        maximum: job_limits_1.MAX_BACKOFF_DELAY_MS,
        description: 'Upper bound of any single delay; defaults to one hour, or delayMs when that is larger',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(job_limits_1.MAX_BACKOFF_DELAY_MS),
    (0, is_at_least_field_decorator_1.IsAtLeastField)('delayMs'),
    __metadata("design:type", Number)
], BackoffDto.prototype, "maxDelayMs", void 0);
//# sourceMappingURL=backoff.dto.js.map