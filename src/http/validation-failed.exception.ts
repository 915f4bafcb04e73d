import { BadRequestException } from '@nestjs/common';
import { ErrorBody, FieldError } from './error-body';

/** 400 listing every field that failed validation and why (code `validation_failed`). */
export class ValidationFailedException extends BadRequestException {
  constructor(readonly errors: FieldError[]) {
    const body: ErrorBody = {
      statusCode: 400,
      error: 'Bad Request',
      message: errors.map((e) => `${e.field} ${e.reason}`).join('; '),
      code: 'validation_failed',
      errors,
    };
    super(body);
  }
}
