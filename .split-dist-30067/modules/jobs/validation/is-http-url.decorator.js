"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isHttpUrl = isHttpUrl;
exports.IsHttpUrl = IsHttpUrl;
const class_validator_1 = require("class-validator");
/** An absolute http: or https: URL with a host, as WHATWG URL parses it. */
function isHttpUrl(value) {
    if (typeof value !== 'string')
        return false;
    try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    }
    catch {
        return false;
    }
}
function IsHttpUrl(options) {
    return (0, class_validator_1.ValidateBy)({ name: 'isHttpUrl', validator: { validate: isHttpUrl, defaultMessage: () => '$property must be an absolute http or https URL' } }, options);
}
//# sourceMappingURL=is-http-url.decorator.js.map