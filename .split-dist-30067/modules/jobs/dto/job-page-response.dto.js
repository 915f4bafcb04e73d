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
exports.JobPageResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const job_response_dto_1 = require("./job-response.dto");
class JobPageResponseDto {
    items;
    nextCursor;
}
exports.JobPageResponseDto = JobPageResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [job_response_dto_1.JobResponseDto] }),
    __metadata("design:type", Array)
], JobPageResponseDto.prototype, "items", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' }),
    __metadata("design:type", Object)
], JobPageResponseDto.prototype, "nextCursor", void 0);
//# sourceMappingURL=job-page-response.dto.js.map