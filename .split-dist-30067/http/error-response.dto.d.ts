import { ErrorBody, FieldError } from './error-body';
export declare class FieldErrorDto implements FieldError {
    field: string;
    reason: string;
}
/** The body of every error response (ErrorBody), as the OpenAPI document names it. */
export declare class ErrorResponseDto implements ErrorBody {
    statusCode: number;
    error: string;
    message: string;
    code: string;
    errors?: FieldErrorDto[];
}
