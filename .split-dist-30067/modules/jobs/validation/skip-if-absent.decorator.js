"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SkipIfAbsent = exports.SkipIfAbsentOrNull = void 0;
const class_validator_1 = require("class-validator");
/**
 * A field of a settings change that may be left out (keep) or null (clear): the checks below it
 * run only on a value. `@IsOptional` would not do: it lets null through untyped for every field,
 * and these DTOs tell null (clear) from absent (keep).
 */
const SkipIfAbsentOrNull = () => (0, class_validator_1.ValidateIf)((_object, value) => value !== undefined && value !== null);
exports.SkipIfAbsentOrNull = SkipIfAbsentOrNull;
/** A field that may be left out but, given, must be a value (null refused by the checks below it). */
const SkipIfAbsent = () => (0, class_validator_1.ValidateIf)((_object, value) => value !== undefined);
exports.SkipIfAbsent = SkipIfAbsent;
//# sourceMappingURL=skip-if-absent.decorator.js.map