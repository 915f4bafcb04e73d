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
exports.BulkCreateJobsDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const job_limits_1 = require("../job-limits");
const create_job_dto_1 = require("./create-job.dto");
class BulkCreateJobsDto {
    jobs;
}
exports.BulkCreateJobsDto = BulkCreateJobsDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        type: [create_job_dto_1.CreateJobDto],
        minItems: 1,
        maxItems: job_limits_1.MAX_BULK_JOBS,
        description: 'Jobs of one queue (400 naming jobs.N.queue otherwise), added all or nothing in one atomic write',
    }),
    (0, class_validator_1.IsArray)(),
    (0, class_validator_1.ArrayMinSize)(1),
    (0, class_validator_1.ArrayMaxSize)(job_limits_1.MAX_BULK_JOBS),
    (0, class_validator_1.ValidateNested)({ each: true }),
    (0, class_transformer_1.Type)(() => create_job_dto_1.CreateJobDto),
    __metadata("design:type", Array)
], BulkCreateJobsDto.prototype, "jobs", void 0);
//# sourceMappingURL=bulk-create-jobs.dto.js.map