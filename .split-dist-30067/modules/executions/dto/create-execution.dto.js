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
exports.CreateExecutionDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const execution_1 = require("../../../domain/execution");
const jobs_1 = require("../../jobs");
class CreateExecutionDto {
    jobs;
    callbackUrl;
    idempotencyKey;
}
exports.CreateExecutionDto = CreateExecutionDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        type: [jobs_1.CreateJobDto],
        minItems: 1,
        maxItems: execution_1.MAX_EXECUTION_JOBS,
        description: 'Jobs as POST /jobs takes them, all of one queue; added all or nothing',
    }),
    (0, class_validator_1.IsArray)(),
    (0, class_validator_1.ArrayMinSize)(1),
    (0, class_validator_1.ArrayMaxSize)(execution_1.MAX_EXECUTION_JOBS),
    (0, class_validator_1.ValidateNested)({ each: true }),
    (0, class_transformer_1.Type)(() => jobs_1.CreateJobDto),
    __metadata("design:type", Array)
], CreateExecutionDto.prototype, "jobs", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ format: 'uri', maxLength: jobs_1.MAX_CALLBACK_URL_LENGTH, description: 'POSTed the execution JSON once, when it ends' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MaxLength)(jobs_1.MAX_CALLBACK_URL_LENGTH),
    (0, jobs_1.IsHttpUrl)(),
    __metadata("design:type", String)
], CreateExecutionDto.prototype, "callbackUrl", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        minLength: 1,
        maxLength: jobs_1.MAX_IDEMPOTENCY_KEY_LENGTH,
        description: 'A repeated key in the same queue returns the existing execution (200, same id) instead of adding one, ' +
            'while that execution is in the store (until EXECUTION_RETENTION_MS after it ends)',
    }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.Length)(1, jobs_1.MAX_IDEMPOTENCY_KEY_LENGTH),
    __metadata("design:type", String)
], CreateExecutionDto.prototype, "idempotencyKey", void 0);
//# sourceMappingURL=create-execution.dto.js.map