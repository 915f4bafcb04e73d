import { ValidateBy, ValidationArguments, ValidationOptions } from 'class-validator';

/** A cap that must not be below the value it caps (backoff.maxDelayMs >= backoff.delayMs). */
export function IsAtLeastField(other: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAtLeastField',
      constraints: [other],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const floor = (args?.object as Record<string, unknown>)[other];
          return typeof value !== 'number' || typeof floor !== 'number' || value >= floor;
        },
        defaultMessage: () => `$property must not be less than ${other}`,
      },
    },
    options,
  );
}
