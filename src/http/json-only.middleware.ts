import { ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errorResponse } from './error-response';

/** The media types a request body may have: JSON only. */
export const JSON_MEDIA_TYPES = ['application/json', 'application/*+json'];

/**
 * Answers 415 to any request that carries a body of another type, before a body parser runs.
 * A form (`application/x-www-form-urlencoded`, `multipart/form-data`, `text/plain`) is what a
 * browser sends cross-site without a CORS preflight; refusing every non-JSON body means no web
 * page a user visits can make this service enqueue a job. Requests without a body (GET, a bare
 * POST /jobs/:id/cancel, `Content-Length: 0`) pass.
 */
export function jsonOnlyMiddleware(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    // req.is: null without a body, false when the body is of another type; an empty body is none
    if (req.headers['content-length'] === '0' || req.is(JSON_MEDIA_TYPES) !== false) return next();
    const type = req.headers['content-type'] ?? '(none)';
    const reason = `must be application/json, not ${type}`;
    const { status, body } = errorResponse(415, `request body ${reason}`, {
      code: 'unsupported_media_type',
      errors: [{ field: 'content-type', reason }],
    });
    // the body is not read: close the connection after the answer rather than drain it
    res.status(status).set('Connection', 'close').json(body);
  };
}

/** The OpenAPI side of jsonOnlyMiddleware, for each route that takes a body. */
export const ApiJsonBodyOnly = (): MethodDecorator =>
  ApiUnsupportedMediaTypeResponse({ description: 'The body is not application/json (a form, text, XML): nothing was read or added' });
