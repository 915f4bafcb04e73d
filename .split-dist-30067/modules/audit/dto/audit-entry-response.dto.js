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
exports.AuditPageResponseDto = exports.AuditEntryResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const audit_1 = require("../../../domain/audit");
class AuditEntryResponseDto {
    id;
    at;
    keyId;
    action;
    target;
    details;
}
exports.AuditEntryResponseDto = AuditEntryResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Orders the trail: a newer entry has a larger id', example: '42' }),
    __metadata("design:type", String)
], AuditEntryResponseDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], AuditEntryResponseDto.prototype, "at", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'The API key\'s id (`k_` + 12 hex of its sha256), never the key; null when the API is open', example: 'k_3f2a9c01b7de' }),
    __metadata("design:type", Object)
], AuditEntryResponseDto.prototype, "keyId", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: audit_1.AUDIT_ACTIONS }),
    __metadata("design:type", String)
], AuditEntryResponseDto.prototype, "action", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: '`job:<id>`, `queue:<name>`, `schedule:<name>`, `execution:<id>` or `queue:<name>/group:<group>`', example: 'job:default.0h2k...' }),
    __metadata("design:type", String)
], AuditEntryResponseDto.prototype, "target", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        type: 'object',
        additionalProperties: true,
        description: 'Small facts of the change: the body of a settings or group change; the field names of a schedule put (never its values)',
    }),
    __metadata("design:type", Object)
], AuditEntryResponseDto.prototype, "details", void 0);
class AuditPageResponseDto {
    items;
    nextCursor;
}
exports.AuditPageResponseDto = AuditPageResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [AuditEntryResponseDto], description: 'Newest first' }),
    __metadata("design:type", Array)
], AuditPageResponseDto.prototype, "items", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last' }),
    __metadata("design:type", Object)
], AuditPageResponseDto.prototype, "nextCursor", void 0);
//# sourceMappingURL=audit-entry-response.dto.js.map