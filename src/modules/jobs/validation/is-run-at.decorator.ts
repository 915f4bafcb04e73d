import { isISO8601, ValidateBy, ValidationOptions } from 'class-validator';
import { MAX_EPOCH_MS } from '../job-limits';

/**
 * A date-time with an explicit offset ('Z' or +hh:mm): without one, the server's local zone would
 * decide when the job runs.
 */
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/** runAt as epoch milliseconds, or undefined when the value is not a valid runAt. */
export function parseRunAt(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value <= MAX_EPOCH_MS ? value : undefined;
  }
  if (typeof value !== 'string' || !isISO8601(value, { strict: true }) || !HAS_ZONE.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

const RUN_AT_MESSAGE = '$property must be an ISO-8601 date-time with a time zone (e.g. 2030-01-01T00:00:00Z) or epoch milliseconds';

export function IsRunAt(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isRunAt', validator: { validate: (value: unknown) => parseRunAt(value) !== undefined, defaultMessage: () => RUN_AT_MESSAGE } }, options);
}
