import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiKeyCheck } from './api-key-check';
import { errorResponse } from './error-response';

/**
 * Probes and scrapers run without credentials, and so do the dashboard's static files (they hold
 * no data: the page asks for a key when the API answers 401); everything else (API and docs) needs a key.
 */
export const OPEN_PATHS: readonly RegExp[] = [/^\/health(\/|$)/, /^\/metrics\/?$/, /^\/ui(\/|$)/];

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * API_KEYS enforcement as express middleware rather than a Nest guard, so it also covers what
 * Nest does not route (the OpenAPI page, unknown paths). Answers 401 in the API's error shape.
 */
export function apiKeyMiddleware(keys: readonly string[]): RequestHandler {
  const check = new ApiKeyCheck(keys);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!check.enabled || OPEN_PATHS.some((open) => open.test(req.path))) return next();
    const presented = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (presented !== undefined && check.accepts(presented)) return next();
    const message = presented === undefined ? 'missing Authorization: Bearer <api key>' : 'invalid API key';
    const { status, body } = errorResponse(401, message, { code: 'unauthorized' });
    res.status(status).set('WWW-Authenticate', 'Bearer').json(body);
  };
}
