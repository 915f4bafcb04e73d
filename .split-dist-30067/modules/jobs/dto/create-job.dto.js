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
exports.CreateJobDto = exports.jobPayload = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const job_1 = require("../../../domain/job");
const job_limits_1 = require("../job-limits");
const is_absent_with_decorator_1 = require("../validation/is-absent-with.decorator");
const is_http_url_decorator_1 = require("../validation/is-http-url.decorator");
const is_run_at_decorator_1 = require("../validation/is-run-at.decorator");
const backoff_dto_1 = require("./backoff.dto");
const http_job_1 = require("../../../domain/http-job");
const openapi_schemas_1 = require("../../../http/openapi-schemas");
const opaque_json_decorator_1 = require("../../../http/opaque-json.decorator");
const http_job_payload_dto_1 = require("./http-job-payload.dto");
const NAME_MESSAGE = '$property must match [A-Za-z0-9_.:-]{1,100}';
const isHttpJob = (dto) => dto.type === http_job_1.HTTP_JOB_TYPE;
/**
 * The payload's handling, as a decorator other DTOs with a job's fields apply too (a schedule's
 * job): only http jobs have a payload shape the service knows (built as HttpJobPayloadDto and
 * checked); any other payload is opaque JSON, never walked or copied here (its depth is bounded by
 * the pipe and JobsService).
 */
exports.jobPayload = (0, opaque_json_decorator_1.OpaqueJson)({ as: (raw) => (isHttpJob(raw) ? http_job_payload_dto_1.HttpJobPayloadDto : undefined) });
let CreateJobDto = class CreateJobDto {
    type;
    queue;
    payload;
    group;
    priority;
    delayMs;
    runAt;
    maxAttempts;
    backoff;
    timeoutMs;
    idempotencyKey;
    callbackUrl;
};
exports.CreateJobDto = CreateJobDto;
__decorate([
    (0, swagger_1.ApiProperty)({ pattern: job_1.NAME_PATTERN.source, example: 'email.send', description: `Handler name; "${http_job_1.HTTP_JOB_TYPE}" calls a URL` }),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Matches)(job_1.NAME_PATTERN, { message: NAME_MESSAGE }),
    __metadata("design:type", String)
], CreateJobDto.prototype, "type", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ pattern: job_1.NAME_PATTERN.source, default: 'default', description: 'One of QUEUES (400 otherwise)' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Matches)(job_1.NAME_PATTERN, { message: NAME_MESSAGE }),
    __metadata("design:type", String)
], CreateJobDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        description: `Any JSON value, handed to the handler; for type "${http_job_1.HTTP_JOB_TYPE}" an HttpJobPayload. At most MAX_PAYLOAD_BYTES encoded.`,
        anyOf: [{ $ref: (0, swagger_1.getSchemaPath)(http_job_payload_dto_1.HttpJobPayloadDto) }, ...openapi_schemas_1.JSON_VALUE_BRANCHES],
    }),
    exports.jobPayload,
    (0, class_validator_1.ValidateIf)(isHttpJob),
    (0, class_validator_1.IsObject)({ message: `$property must be an object with a url for ${http_job_1.HTTP_JOB_TYPE} jobs` }),
    (0, class_validator_1.ValidateNested)(),
    __metadata("design:type", Object)
], CreateJobDto.prototype, "payload", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        pattern: job_1.NAME_PATTERN.source,
        example: 'tenant-42',
        description: "Fairness group: a queue serves its groups round-robin, and a group's cap, rate limit or pause holds only its own jobs back. " +
            `Default: the queue's default group; an "${http_job_1.HTTP_JOB_TYPE}" job gets host:<its url's host> while HTTP_HOST_CONCURRENCY is above 0`,
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Matches)(job_1.NAME_PATTERN, { message: NAME_MESSAGE }),
    __metadata("design:type", String)
], CreateJobDto.prototype, "group", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: job_1.PRIORITY_MIN, maximum: job_1.PRIORITY_MAX, default: 0, description: 'Higher runs first' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(job_1.PRIORITY_MIN),
    (0, class_validator_1.Max)(job_1.PRIORITY_MAX),
    __metadata("design:type", Number)
], CreateJobDto.prototype, "priority", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: 0, maximum: job_limits_1.MAX_DELAY_MS, description: 'Run no sooner than this many ms from now; exclusive with runAt' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(job_limits_1.MAX_DELAY_MS),
    (0, is_absent_with_decorator_1.IsAbsentWith)('runAt'),
    __metadata("design:type", Number)
], CreateJobDto.prototype, "delayMs", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        oneOf: [{ type: 'string', format: 'date-time' }, { type: 'integer', minimum: 0 }],
        description: 'Run no sooner than this time: ISO-8601 with a zone, or epoch ms; exclusive with delayMs',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, is_run_at_decorator_1.IsRunAt)(),
    __metadata("design:type", Object)
], CreateJobDto.prototype, "runAt", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: 1, maximum: job_1.MAX_ATTEMPTS_LIMIT, default: 3 }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(job_1.MAX_ATTEMPTS_LIMIT),
    __metadata("design:type", Number)
], CreateJobDto.prototype, "maxAttempts", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ type: backoff_dto_1.BackoffDto, description: 'Delay between attempts; default exponential from 1 s, capped at 1 h' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsObject)(),
    (0, class_validator_1.ValidateNested)(),
    (0, class_transformer_1.Type)(() => backoff_dto_1.BackoffDto),
    __metadata("design:type", backoff_dto_1.BackoffDto)
], CreateJobDto.prototype, "backoff", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ minimum: job_limits_1.MIN_TIMEOUT_MS, maximum: job_limits_1.MAX_TIMEOUT_MS, default: 90_000, description: 'Hard time limit of one attempt, ms' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(job_limits_1.MIN_TIMEOUT_MS),
    (0, class_validator_1.Max)(job_limits_1.MAX_TIMEOUT_MS),
    __metadata("design:type", Number)
], CreateJobDto.prototype, "timeoutMs", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        minLength: 1,
        maxLength: job_limits_1.MAX_IDEMPOTENCY_KEY_LENGTH,
        description: 'A repeated key in the same queue returns the existing job (200) instead of adding one',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Length)(1, job_limits_1.MAX_IDEMPOTENCY_KEY_LENGTH),
    __metadata("design:type", String)
], CreateJobDto.prototype, "idempotencyKey", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'uri', maxLength: job_limits_1.MAX_CALLBACK_URL_LENGTH, description: 'Called when the job ends' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MaxLength)(job_limits_1.MAX_CALLBACK_URL_LENGTH),
    (0, is_http_url_decorator_1.IsHttpUrl)(),
    __metadata("design:type", String)
], CreateJobDto.prototype, "callbackUrl", void 0);
exports.CreateJobDto = CreateJobDto = __decorate([
    (0, swagger_1.ApiExtraModels)(http_job_payload_dto_1.HttpJobPayloadDto)
], CreateJobDto);
//# sourceMappingURL=create-job.dto.js.map