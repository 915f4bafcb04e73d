"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.opaqueJsonTransformer = void 0;
const class_transformer_1 = require("class-transformer");
const opaque_json_decorator_1 = require("./opaque-json.decorator");
const isRawObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * class-transformer for the validation pipe, plus what @OpaqueJson needs: after the DTO tree is
 * built (opaque properties skipped), each opaque property gets the request's value back as is,
 * or built as the DTO its `as` names (an http job's payload), so validation sees it.
 */
exports.opaqueJsonTransformer = {
    plainToInstance: toDto,
    classToPlain: (object, options) => (0, class_transformer_1.instanceToPlain)(object, options),
};
function toDto(dto, plain, options) {
    const instance = (0, class_transformer_1.plainToInstance)(dto, plain, options);
    attachOpaque(instance, plain, options);
    return instance;
}
/** Walks the DTO instances (never into raw JSON) alongside the request's values. */
function attachOpaque(instance, plain, options) {
    if (Array.isArray(instance)) {
        if (Array.isArray(plain))
            instance.forEach((item, i) => attachOpaque(item, plain[i], options));
        return;
    }
    if (!isRawObject(instance) || instance.constructor === Object || !isRawObject(plain))
        return;
    const opaque = (0, opaque_json_decorator_1.opaqueJsonProperties)(instance.constructor);
    for (const [key, value] of Object.entries(instance)) {
        if (typeof value === 'object' && value !== null && !opaque?.has(key))
            attachOpaque(value, plain[key], options);
    }
    for (const [key, { as }] of opaque ?? []) {
        if (!Object.prototype.hasOwnProperty.call(plain, key))
            continue;
        const raw = plain[key];
        const dto = as?.(plain);
        instance[key] = dto && isRawObject(raw) ? toDto(dto, raw, options) : raw;
    }
}
//# sourceMappingURL=opaque-json.transformer.js.map