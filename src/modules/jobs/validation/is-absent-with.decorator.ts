import { ValidateBy, ValidationArguments, ValidationOptions } from 'class-validator';

/** Two options that say the same thing differently (delayMs and runAt): at most one may be given. */
export function IsAbsentWith(other: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAbsentWith',
      constraints: [other],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => value === undefined || (args?.object as Record<string, unknown>)[other] === undefined,
        defaultMessage: () => `$property cannot be given together with ${other}`,
      },
    },
    options,
  );
}
