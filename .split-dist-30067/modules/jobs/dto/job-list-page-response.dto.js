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
exports.JobListPageResponseDto = exports.STORE_OR_HISTORY_JOB_SCHEMA = void 0;
const swagger_1 = require("@nestjs/swagger");
const job_history_response_dto_1 = require("./job-history-response.dto");
const job_response_dto_1 = require("./job-response.dto");
/**
 * A job from the store or as job history recorded it, told apart by `source`: the schema of
 * `GET /jobs/:id` and of each item of `GET /jobs`.
 */
exports.STORE_OR_HISTORY_JOB_SCHEMA = {
    oneOf: [{ $ref: (0, swagger_1.getSchemaPath)(job_response_dto_1.JobResponseDto) }, { $ref: (0, swagger_1.getSchemaPath)(job_history_response_dto_1.JobHistoryResponseDto) }],
    discriminator: { propertyName: 'source', mapping: { store: (0, swagger_1.getSchemaPath)(job_response_dto_1.JobResponseDto), history: (0, swagger_1.getSchemaPath)(job_history_response_dto_1.JobHistoryResponseDto) } },
};
/**
 * A page of `GET /jobs`: store jobs (`source: "store"`) without from/to, jobs from job history
 * (`source: "history"`, newest first) with them.
 */
class JobListPageResponseDto {
    items;
    nextCursor;
}
exports.JobListPageResponseDto = JobListPageResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: 'array', items: exports.STORE_OR_HISTORY_JOB_SCHEMA }),
    __metadata("design:type", Array)
], JobListPageResponseDto.prototype, "items", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'Pass as `cursor` (with the same filters) for the next page; null on the last page' }),
    __metadata("design:type", Object)
], JobListPageResponseDto.prototype, "nextCursor", void 0);
//# sourceMappingURL=job-list-page-response.dto.js.map