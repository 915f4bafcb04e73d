"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OpaqueJson = OpaqueJson;
exports.opaqueJsonProperties = opaqueJsonProperties;
exports.opaqueJsonNames = opaqueJsonNames;
exports.isRawOpaqueValue = isRawOpaqueValue;
const class_transformer_1 = require("class-transformer");
const opaqueByClass = new Map();
/** opaqueByClass by property name, built on first use after a registration (once, in practice). */
let byName;
let names;
/**
 * Marks a property as client JSON the service does not look into (a job payload): class-transformer
 * skips it (its walk recurses, so a deep value overflowed the stack, and it copied every byte), and
 * opaqueJsonTransformer puts the request's own value back, by reference, before validation.
 */
function OpaqueJson(options = {}) {
    const exclude = (0, class_transformer_1.Exclude)({ toClassOnly: true });
    return (target, property) => {
        exclude(target, property);
        let opaque = opaqueByClass.get(target.constructor);
        if (!opaque)
            opaqueByClass.set(target.constructor, (opaque = new Map()));
        opaque.set(String(property), options);
        byName = undefined;
        names = undefined;
    };
}
/** The opaque properties a DTO class declares. */
function opaqueJsonProperties(dto) {
    return opaqueByClass.get(dto);
}
/** The options of every property declared opaque, by property name (one name may be on several DTOs). */
function optionsByName() {
    if (byName)
        return byName;
    byName = new Map();
    for (const opaque of opaqueByClass.values()) {
        for (const [name, options] of opaque)
            byName.set(name, [...(byName.get(name) ?? []), options]);
    }
    return byName;
}
/** Every property name declared opaque, on any DTO. */
function opaqueJsonNames() {
    return (names ??= new Set(optionsByName().keys()));
}
/**
 * Whether `owner[key]` is opaque client JSON kept as sent (a job payload), which a walk of the
 * request's own structure skips. An opaque value built as a DTO (an http job's payload, whose url
 * and headers are validated) is the request's structure again.
 */
function isRawOpaqueValue(owner, key) {
    const options = optionsByName().get(key);
    return options !== undefined && !options.some((o) => o.as?.(owner) !== undefined);
}
//# sourceMappingURL=opaque-json.decorator.js.map