import { ErrorBody, FieldError } from './error-body';
/** What the exception filter sends: status, JSON body and any extra headers (Retry-After). */
export interface ErrorResponse {
    status: number;
    /** ErrorBody, except HttpExceptions with a body of their own (Terminus health reports). */
    body: ErrorBody | object;
    headers?: Record<string, string>;
}
export declare function errorResponse(status: number, message: string, extra: {
    code: string;
    errors?: FieldError[];
    headers?: Record<string, string>;
}): ErrorResponse;
