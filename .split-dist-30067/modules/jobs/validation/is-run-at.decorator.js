"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseRunAt = parseRunAt;
exports.IsRunAt = IsRunAt;
const class_validator_1 = require("class-validator");
const job_limits_1 = require("../job-limits");
/**
 * A date-time with an explicit offset ('Z' or +hh:mm): without one, the server's local zone would
 * decide when the job runs.
 */
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
/** runAt as epoch milliseconds, or undefined when the value is not a valid runAt. */
function parseRunAt(value) {
    if (typeof value === 'number') {
        return Number.isInteger(value) && value >= 0 && value <= job_limits_1.MAX_EPOCH_MS ? value : undefined;
    }
    if (typeof value !== 'string' || !(0, class_validator_1.isISO8601)(value, { strict: true }) || !HAS_ZONE.test(value))
        return undefined;
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
}
const RUN_AT_MESSAGE = '$property must be an ISO-8601 date-time with a time zone (e.g. 2030-01-01T00:00:00Z) or epoch milliseconds';
function IsRunAt(options) {
    return (0, class_validator_1.ValidateBy)({ name: 'isRunAt', validator: { validate: (value) => parseRunAt(value) !== undefined, defaultMessage: () => RUN_AT_MESSAGE } }, options);
}
//# sourceMappingURL=is-run-at.decorator.js.map