import { ClaimqError } from '../domain/errors';
import { ErrorResponse } from './error-response';
/** The one mapping of domain errors to HTTP. Domain messages are written for clients. */
export declare function domainErrorResponse(err: ClaimqError): ErrorResponse;
