import { ValidateBy, ValidationOptions } from 'class-validator';

/** An absolute http: or https: URL with a host, as WHATWG URL parses it. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isHttpUrl', validator: { validate: isHttpUrl, defaultMessage: () => '$property must be an absolute http or https URL' } }, options);
}
