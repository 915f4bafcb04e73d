"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isStringMap = isStringMap;
exports.IsStringMap = IsStringMap;
const class_validator_1 = require("class-validator");
/** A plain JSON object whose every value is a string (e.g. HTTP headers). */
function isStringMap(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return false;
    return Object.values(value).every((v) => typeof v === 'string');
}
function IsStringMap(options) {
    return (target, propertyName) => (0, class_validator_1.registerDecorator)({
        name: 'isStringMap',
        target: target.constructor,
        propertyName: propertyName,
        options: { message: '$property must be an object whose values are strings', ...options },
        validator: { validate: isStringMap },
    });
}
//# sourceMappingURL=is-string-map.decorator.js.map