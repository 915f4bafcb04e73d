"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IsHttpHeaders = IsHttpHeaders;
const class_validator_1 = require("class-validator");
const http_job_1 = require("../../../domain/http-job");
/** Request headers an `http` job can send: token names, string values without CR, LF or NUL. The message never quotes a value. */
function IsHttpHeaders(options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isHttpHeaders',
        validator: {
            validate: (value) => (0, http_job_1.invalidHttpHeaders)(value) === undefined,
            defaultMessage: (args) => `$property ${(0, http_job_1.invalidHttpHeaders)(args?.value) ?? 'is invalid'}`,
        },
    }, options);
}
//# sourceMappingURL=is-http-headers.decorator.js.map