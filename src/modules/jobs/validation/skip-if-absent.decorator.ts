import { ValidateIf } from 'class-validator';

/**
 * A field of a settings change that may be left out (keep) or null (clear): the checks below it
 * run only on a value. `@IsOptional` would not do: it lets null through untyped for every field,
 * and these DTOs tell null (clear) from absent (keep).
 */
export const SkipIfAbsentOrNull = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined && value !== null);

/** A field that may be left out but, given, must be a value (null refused by the checks below it). */
export const SkipIfAbsent = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
