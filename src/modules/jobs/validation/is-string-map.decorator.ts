import { ValidateBy, ValidationOptions } from 'class-validator';

/** A plain JSON object whose every value is a string (e.g. HTTP headers). */
export function isStringMap(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string');
}

export function IsStringMap(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isStringMap', validator: { validate: isStringMap, defaultMessage: () => '$property must be an object whose values are strings' } }, options);
}
