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
exports.ErrorResponseDto = exports.FieldErrorDto = void 0;
const swagger_1 = require("@nestjs/swagger");
class FieldErrorDto {
    field;
    reason;
}
exports.FieldErrorDto = FieldErrorDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'backoff.delayMs', description: 'The path of the field: `backoff.delayMs`, `jobs.3.type`, `content-type`' }),
    __metadata("design:type", String)
], FieldErrorDto.prototype, "field", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'must not be less than 0' }),
    __metadata("design:type", String)
], FieldErrorDto.prototype, "reason", void 0);
/** The body of every error response (ErrorBody), as the OpenAPI document names it. */
class ErrorResponseDto {
    statusCode;
    error;
    message;
    code;
    errors;
}
exports.ErrorResponseDto = ErrorResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 400, description: 'The HTTP status, repeated' }),
    __metadata("design:type", Number)
], ErrorResponseDto.prototype, "statusCode", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'Bad Request', description: "The status's reason phrase" }),
    __metadata("design:type", String)
], ErrorResponseDto.prototype, "error", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'backoff.delayMs must not be less than 0' }),
    __metadata("design:type", String)
], ErrorResponseDto.prototype, "message", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        example: 'job_not_found',
        description: 'A machine-readable cause: `validation_failed`, `invalid_json`, `invalid_job`, `payload_too_large`, `unsupported_media_type`, `unauthorized`, ' +
            '`forbidden`, `not_found`, `job_not_found`, `execution_not_found`, `schedule_not_found`, `invalid_transition`, `store_unavailable`, ' +
            '`store_out_of_memory`, `internal_error`',
    }),
    __metadata("design:type", String)
], ErrorResponseDto.prototype, "code", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ type: [FieldErrorDto], description: 'Each invalid field and why (400, 413, 415)' }),
    __metadata("design:type", Array)
], ErrorResponseDto.prototype, "errors", void 0);
//# sourceMappingURL=error-response.dto.js.map