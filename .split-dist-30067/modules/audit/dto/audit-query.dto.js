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
exports.AuditQueryDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const class_validator_1 = require("class-validator");
const jobs_1 = require("../../jobs");
/** GET /audit: the listings' paging, whose cursor here is an entry id. */
class AuditQueryDto extends jobs_1.PageQueryDto {
}
exports.AuditQueryDto = AuditQueryDto;
__decorate([
    (0, swagger_1.ApiPropertyOptional)({ description: 'nextCursor of the previous page' }),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(/^[1-9][0-9]{0,15}$/, { message: 'cursor must be the nextCursor of a previous page' }),
    __metadata("design:type", String)
], AuditQueryDto.prototype, "cursor", void 0);
//# sourceMappingURL=audit-query.dto.js.map