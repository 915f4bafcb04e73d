import { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
/**
 * Every error of every HTTP request ends here, as one JSON shape `{statusCode, error, message,
 * code?, errors?}`: domain errors by their mapping, Nest's HttpExceptions (validation, 404 route)
 * as they are, body-parser errors (413 too large) by their status, and anything else as a logged
 * 500 that tells the client nothing about the internals.
 */
export declare class DomainExceptionFilter implements ExceptionFilter {
    private readonly adapterHost;
    private readonly logger;
    constructor(adapterHost: HttpAdapterHost);
    catch(exception: unknown, host: ArgumentsHost): void;
    private toResponse;
    private logUnexpected;
}
