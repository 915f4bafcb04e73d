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
exports.ApiValidationPipe = void 0;
const common_1 = require("@nestjs/common");
const validation_errors_1 = require("./validation-errors");
const validation_failed_exception_1 = require("./validation-failed.exception");
/**
 * The global pipe: unknown fields are refused (not silently dropped), bodies become DTO instances,
 * and every failure is a 400 listing each field and its reason.
 */
let ApiValidationPipe = class ApiValidationPipe extends common_1.ValidationPipe {
    constructor() {
        super({
            whitelist: true,
            forbidNonWhitelisted: true,
            forbidUnknownValues: true,
            transform: true,
            exceptionFactory: (errors) => new validation_failed_exception_1.ValidationFailedException((0, validation_errors_1.flattenValidationErrors)(errors)),
        });
    }
    async transform(value, metadata) {
        // Every DTO body is an object; an array or a scalar would otherwise be validated key by key.
        const isDtoBody = metadata.type === 'body' && metadata.metatype !== undefined && this.toValidate(metadata);
        if (isDtoBody && value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
            throw new validation_failed_exception_1.ValidationFailedException([{ field: validation_errors_1.BODY_FIELD, reason: 'must be a JSON object' }]);
        }
        return super.transform(value, metadata);
    }
};
exports.ApiValidationPipe = ApiValidationPipe;
exports.ApiValidationPipe = ApiValidationPipe = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [])
], ApiValidationPipe);
//# sourceMappingURL=api-validation.pipe.js.map