import { ValidationArguments, ValidationOptions, registerDecorator } from 'class-validator';

/** Two options that say the same thing differently (delayMs and runAt): at most one may be given. */
export function IsAbsentWith(other: string, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isAbsentWith',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [other],
      options: { message: `$property cannot be given together with ${other}`, ...options },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === undefined || (args.object as Record<string, unknown>)[other] === undefined,
      },
    });
}
