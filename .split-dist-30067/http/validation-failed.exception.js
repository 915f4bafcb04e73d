"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ValidationFailedException = void 0;
const common_1 = require("@nestjs/common");
/** 400 listing every field that failed validation and why (code `validation_failed`). */
class ValidationFailedException extends common_1.BadRequestException {
    errors;
    constructor(errors) {
        const body = {
            statusCode: 400,
            error: 'Bad Request',
            message: errors.map((e) => `${e.field} ${e.reason}`).join('; '),
            code: 'validation_failed',
            errors,
        };
        super(body);
        this.errors = errors;
    }
}
exports.ValidationFailedException = ValidationFailedException;
//# sourceMappingURL=validation-failed.exception.js.map