/**
 * A field of a settings change that may be left out (keep) or null (clear): the checks below it
 * run only on a value. `@IsOptional` would not do: it lets null through untyped for every field,
 * and these DTOs tell null (clear) from absent (keep).
 */
export declare const SkipIfAbsentOrNull: () => PropertyDecorator;
/** A field that may be left out but, given, must be a value (null refused by the checks below it). */
export declare const SkipIfAbsent: () => PropertyDecorator;
