import { STATUS_CODES } from 'node:http';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ClaimqError, StoreOutOfMemoryError, StoreUnavailableError } from '../domain/errors';
import { FieldError } from './error-body';
import { domainErrorResponse } from './domain-error.response';
import { ErrorResponse, errorResponse } from './error-response';

/** What express's body parsers throw (http-errors): a status and a client-safe message. */
interface ExposedHttpError {
  status: number;
  message: string;
  expose: true;
  type?: string;
  limit?: number;
}

function isExposedHttpError(err: unknown): err is ExposedHttpError {
  const e = err as Partial<ExposedHttpError> | null;
  return typeof e === 'object' && e !== null && e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500;
}

/**
 * Every error of every HTTP request ends here, as one JSON shape `{statusCode, error, message,
 * code?, errors?}`: domain errors by their mapping, Nest's HttpExceptions (validation, 404 route)
 * as they are, body-parser errors (413 too large) by their status, and anything else as a logged
 * 500 that tells the client nothing about the internals.
 */
@Catch()
export class DomainExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrors');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { httpAdapter } = this.adapterHost;
    const response = host.switchToHttp().getResponse<unknown>();
    const mapped = this.toResponse(exception);
    if (httpAdapter.isHeadersSent(response)) return;
    for (const [name, value] of Object.entries(mapped.headers ?? {})) httpAdapter.setHeader(response, name, value);
    httpAdapter.reply(response, mapped.body, mapped.status);
  }

  private toResponse(exception: unknown): ErrorResponse {
    if (exception instanceof ClaimqError) {
      const storeTrouble = exception instanceof StoreUnavailableError || exception instanceof StoreOutOfMemoryError;
      if (storeTrouble) this.logger.warn(exception.message);
      const mapped = domainErrorResponse(exception);
      if (mapped.status >= 500 && !storeTrouble) this.logUnexpected(exception);
      return mapped;
    }
    // The router could not percent-decode a path parameter (Nest wraps its URIError in a 400):
    // every parameter is an id, and no id claimq makes is malformed UTF-8, so nothing is there.
    if (exception instanceof URIError || (exception instanceof HttpException && exception.cause instanceof URIError)) {
      return errorResponse(404, 'not found: the path is not valid percent-encoded UTF-8', { code: 'not_found' });
    }
    const parserError = bodyParserError(exception);
    if (parserError) return bodyParserResponse(parserError);
    if (exception instanceof HttpException) return httpExceptionResponse(exception);
    this.logUnexpected(exception);
    return errorResponse(500, 'internal error', { code: 'internal_error' });
  }

  private logUnexpected(exception: unknown): void {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error(`unexpected ${err.name}: ${err.message}`, err.stack);
  }
}

function httpExceptionResponse(exception: HttpException): ErrorResponse {
  const status = exception.getStatus();
  const raw = exception.getResponse();
  if (typeof raw === 'string') return errorResponse(status, raw, { code: codeOfStatus(status) });
  // Not Nest's error shape (e.g. Terminus's {status, info, error, details}): the body is the answer.
  if (!('message' in raw)) return { status, body: raw };
  const body = raw as { message?: unknown; errors?: FieldError[]; code?: string };
  const message = Array.isArray(body.message) ? body.message.join('; ') : String(body.message ?? exception.message);
  return errorResponse(status, message, { code: body.code ?? codeOfStatus(status), errors: body.errors });
}

/** The code of an HttpException that names none: its status's reason phrase in snake case (`not_found`). */
function codeOfStatus(status: number): string {
  return (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

/** body-parser's error as thrown, or as the cause of the HttpException Express 5 (Nest 11+) wraps it in. */
function bodyParserError(exception: unknown): ExposedHttpError | undefined {
  if (isExposedHttpError(exception)) return exception;
  if (exception instanceof HttpException && isExposedHttpError(exception.cause)) return exception.cause;
  return undefined;
}

function bodyParserResponse(err: ExposedHttpError): ErrorResponse {
  if (err.type === 'entity.too.large') {
    const reason = `is larger than the limit of ${err.limit} bytes`;
    return errorResponse(413, `request body ${reason}`, { code: 'payload_too_large', errors: [{ field: 'body', reason }] });
  }
  return errorResponse(err.status, err.message, { code: err.type === 'entity.parse.failed' ? 'invalid_json' : codeOfStatus(err.status) });
}
