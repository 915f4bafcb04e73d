/** One input problem: the path of the field (`backoff.delayMs`, `jobs.3.type`) and what is wrong. */
export interface FieldError {
    field: string;
    reason: string;
}
/** The JSON body of every error response. */
export interface ErrorBody {
    statusCode: number;
    error: string;
    message: string;
    /** Machine-readable cause (`validation_failed`, `job_not_found`, `invalid_transition`, ...). */
    code: string;
    errors?: FieldError[];
}
