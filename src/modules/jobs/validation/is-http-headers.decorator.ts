import { ValidateBy, ValidationOptions } from 'class-validator';
import { invalidHttpHeaders } from '../../../domain/http-job';

/** Request headers an `http` job can send: token names, string values without CR, LF or NUL. The message never quotes a value. */
export function IsHttpHeaders(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isHttpHeaders',
      validator: {
        validate: (value: unknown) => invalidHttpHeaders(value) === undefined,
        defaultMessage: (args) => `$property ${invalidHttpHeaders(args?.value) ?? 'is invalid'}`,
      },
    },
    options,
  );
}
