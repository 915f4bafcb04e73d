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
exports.HttpJobPayloadDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_validator_1 = require("class-validator");
const http_job_1 = require("../../../domain/http-job");
const openapi_schemas_1 = require("../../../http/openapi-schemas");
const opaque_json_decorator_1 = require("../../../http/opaque-json.decorator");
const is_http_url_decorator_1 = require("../validation/is-http-url.decorator");
const is_http_headers_decorator_1 = require("../validation/is-http-headers.decorator");
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
    (0, swagger_1.ApiPropertyOptional)({ enum: http_job_1.HTTP_JOB_METHODS, default: http_job_1.DEFAULT_HTTP_JOB_METHOD }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(http_job_1.HTTP_JOB_METHODS),
    __metadata("design:type", String)
], HttpJobPayloadDto.prototype, "method", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Request headers. The values of secret ones (HTTP_SECRET_HEADERS: Authorization, Proxy-Authorization, Cookie, X-Api-Key by default) ' +
            'are encrypted at rest (SECRETS_KEYS) and shown as "[redacted]" in every response. Claimq-Signature is reserved (400): ' +
            'claimq sets it when CALLBACK_SIGNING_SECRET is on',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, is_http_headers_decorator_1.IsHttpHeaders)(),
    __metadata("design:type", Object)
], HttpJobPayloadDto.prototype, "headers", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)((0, openapi_schemas_1.jsonValueProperty)('Request body: any JSON value, sent as JSON')),
    (0, opaque_json_decorator_1.OpaqueJson)(),
    (0, class_validator_1.Allow)(),
    __metadata("design:type", Object)
], HttpJobPayloadDto.prototype, "body", void 0);
//# sourceMappingURL=http-job-payload.dto.js.map