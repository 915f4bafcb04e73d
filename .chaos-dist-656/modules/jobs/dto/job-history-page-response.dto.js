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
exports.JobHistoryPageResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const job_history_response_dto_1 = require("./job-history-response.dto");
/** A page of `GET /jobs?from=&to=`: jobs from history, newest first. */
class JobHistoryPageResponseDto {
    items;
    nextCursor;
}
exports.JobHistoryPageResponseDto = JobHistoryPageResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [job_history_response_dto_1.JobHistoryResponseDto] }),
    __metadata("design:type", Array)
], JobHistoryPageResponseDto.prototype, "items", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'Pass as `cursor` (with the same filters) for the next page; null on the last page' }),
    __metadata("design:type", Object)
], JobHistoryPageResponseDto.prototype, "nextCursor", void 0);
//# sourceMappingURL=job-history-page-response.dto.js.map