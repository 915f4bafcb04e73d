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
const body_depth_1 = require("./body-depth");
const opaque_json_transformer_1 = require("./opaque-json.transformer");
const strip_proto_keys_1 = require("./strip-proto-keys");
const unstorable_strings_1 = require("./unstorable-strings");
const validation_errors_1 = require("./validation-errors");
const validation_failed_exception_1 = require("./validation-failed.exception");
/**
 * The global pipe: unknown fields are refused (not silently dropped), bodies become DTO instances
 * (@OpaqueJson values kept as sent, whatever their keys), too-deep bodies are refused before anything walks them,
 * strings PostgreSQL cannot store (NUL, lone surrogates) are refused by field, and
 * every failure is a 400 listing each field and its reason.
 */
let ApiValidationPipe = class ApiValidationPipe extends common_1.ValidationPipe {
    constructor() {
        super({
            whitelist: true,
            forbidNonWhitelisted: true,
            forbidUnknownValues: true,
            transform: true,
            transformerPackage: opaque_json_transformer_1.opaqueJsonTransformer,
            exceptionFactory: (errors) => new validation_failed_exception_1.ValidationFailedException((0, validation_errors_1.flattenValidationErrors)(errors)),
        });
    }
    async transform(value, metadata) {
        // Every DTO body is an object; an array or a scalar would otherwise be validated key by key.
        const isDtoBody = metadata.type === 'body' && metadata.metatype !== undefined && this.toValidate(metadata);
        if (isDtoBody && value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
            throw new validation_failed_exception_1.ValidationFailedException([{ field: validation_errors_1.BODY_FIELD, reason: 'must be a JSON object' }]);
        }
        const tooDeep = isDtoBody ? (0, body_depth_1.bodyDepthError)(value) : undefined;
        if (tooDeep)
            throw new validation_failed_exception_1.ValidationFailedException([tooDeep]);
        if (metadata.type === 'body' || metadata.type === 'query') {
            const unstorable = (0, unstorable_strings_1.unstorableStrings)(value);
            if (unstorable.length > 0)
                throw new validation_failed_exception_1.ValidationFailedException(unstorable);
        }
        return super.transform(value, metadata);
    }
    /**
     * Nest closes the gaps of sparse arrays, which only a urlencoded or multipart body can make:
     * bodies here are JSON only (JSON.parse makes no gaps), and the walk went through every
     * payload, millions of items for a large one.
     */
    closeArrayGaps(_value) { }
    /** Payloads keep their `__proto__`, `constructor` and `prototype` keys: see stripProtoKeysOutsideOpaque. */
    stripProtoKeys(value) {
        (0, strip_proto_keys_1.stripProtoKeysOutsideOpaque)(value);
    }
};
exports.ApiValidationPipe = ApiValidationPipe;
exports.ApiValidationPipe = ApiValidationPipe = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [])
], ApiValidationPipe);
//# sourceMappingURL=api-validation.pipe.js.map