"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IsAbsentWith = IsAbsentWith;
const class_validator_1 = require("class-validator");
/** Two options that say the same thing differently (delayMs and runAt): at most one may be given. */
function IsAbsentWith(other, options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isAbsentWith',
        constraints: [other],
        validator: {
            validate: (value, args) => value === undefined || (args?.object)[other] === undefined,
            defaultMessage: () => `$property cannot be given together with ${other}`,
        },
    }, options);
}
//# sourceMappingURL=is-absent-with.decorator.js.map