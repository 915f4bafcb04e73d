"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IsAtLeastField = IsAtLeastField;
const class_validator_1 = require("class-validator");
/** A cap that must not be below the value it caps (backoff.maxDelayMs >= backoff.delayMs). */
function IsAtLeastField(other, options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isAtLeastField',
        constraints: [other],
        validator: {
            validate: (value, args) => {
                const floor = (args?.object)[other];
                return typeof value !== 'number' || typeof floor !== 'number' || value >= floor;
            },
            defaultMessage: () => `$property must not be less than ${other}`,
        },
    }, options);
}
//# sourceMappingURL=is-at-least-field.decorator.js.map