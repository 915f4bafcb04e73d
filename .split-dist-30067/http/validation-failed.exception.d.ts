import { BadRequestException } from '@nestjs/common';
import { FieldError } from './error-body';
/** 400 listing every field that failed validation and why (code `validation_failed`). */
export declare class ValidationFailedException extends BadRequestException {
    readonly errors: FieldError[];
    constructor(errors: FieldError[]);
}
