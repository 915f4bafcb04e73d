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
exports.WhoamiResponseDto = void 0;
const swagger_1 = require("@nestjs/swagger");
class WhoamiResponseDto {
    access;
    keyId;
}
exports.WhoamiResponseDto = WhoamiResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['open', 'write', 'read'], description: 'open: no API keys are configured; write: an API_KEYS key; read: an API_KEYS_READONLY key' }),
    __metadata("design:type", String)
], WhoamiResponseDto.prototype, "access", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'The key\'s id (`k_` + 12 hex of its sha256); null when open', example: 'k_3f2a9c01b7de' }),
    __metadata("design:type", Object)
], WhoamiResponseDto.prototype, "keyId", void 0);
//# sourceMappingURL=whoami-response.dto.js.map