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
exports.HttpJobPayloadDto = exports.HTTP_JOB_METHODS = exports.HTTP_JOB_TYPE = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_validator_1 = require("class-validator");
const is_http_url_decorator_1 = require("../validation/is-http-url.decorator");
const is_string_map_decorator_1 = require("../validation/is-string-map.decorator");
exports.HTTP_JOB_TYPE = 'http';
exports.HTTP_JOB_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
/**
 * The payload of the built-in `http` job type, checked at enqueue so a typo fails the request
 * rather than every attempt. Stored as sent: the handler applies the method default (POST).
 */
class HttpJobPayloadDto {
    url;
    method;
    headers;
    body;
}
exports.HttpJobPayloadDto = HttpJobPayloadDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'https://example.com/hooks/report', description: 'Absolute http or https URL to call' }),
    (0, is_http_url_decorator_1.IsHttpUrl)(),
    __metadata("design:type", String)
], HttpJobPayloadDto.prototype, "url", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ enum: exports.HTTP_JOB_METHODS, default: 'POST' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(exports.HTTP_JOB_METHODS),
    __metadata("design:type", String)
], HttpJobPayloadDto.prototype, "method", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ type: 'object', additionalProperties: { type: 'string' }, description: 'Request headers' }),
    (0, class_validator_1.IsOptional)(),
    (0, is_string_map_decorator_1.IsStringMap)(),
    __metadata("design:type", Object)
], HttpJobPayloadDto.prototype, "headers", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'Request body: any JSON value, sent as JSON' }),
    (0, class_validator_1.Allow)(),
    __metadata("design:type", Object)
], HttpJobPayloadDto.prototype, "body", void 0);
//# sourceMappingURL=http-job-payload.dto.js.map