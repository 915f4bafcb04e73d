import { ValidationArguments, ValidationOptions, registerDecorator } from 'class-validator';

/** A cap that must not be below the value it caps (backoff.maxDelayMs >= backoff.delayMs). */
export function IsAtLeastField(other: string, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isAtLeastField',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [other],
      options: { message: `$property must not be less than ${other}`, ...options },
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const floor = (args.object as Record<string, unknown>)[other];
          return typeof value !== 'number' || typeof floor !== 'number' || value >= floor;
        },
      },
    });
}
