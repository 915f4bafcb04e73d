import { ValidationOptions, registerDecorator } from 'class-validator';

/** A plain JSON object whose every value is a string (e.g. HTTP headers). */
export function isStringMap(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string');
}

export function IsStringMap(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isStringMap',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be an object whose values are strings', ...options },
      validator: { validate: isStringMap },
    });
}
