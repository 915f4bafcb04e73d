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
exports.ListExecutionsQueryDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_validator_1 = require("class-validator");
const job_1 = require("../../../domain/job");
const jobs_1 = require("../../jobs");
/** `GET /executions`: one queue's executions still in the store, paged. */
class ListExecutionsQueryDto extends jobs_1.PageQueryDto {
    queue;
}
exports.ListExecutionsQueryDto = ListExecutionsQueryDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ pattern: job_1.NAME_PATTERN.source, default: job_1.DEFAULT_QUEUE, description: 'One of QUEUES (400 otherwise)' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(job_1.NAME_PATTERN, { message: '$property must match [A-Za-z0-9_.:-]{1,100}' }),
    __metadata("design:type", String)
], ListExecutionsQueryDto.prototype, "queue", void 0);
//# sourceMappingURL=list-executions-query.dto.js.map