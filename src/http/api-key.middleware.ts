import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { WorkerKey } from '../domain/worker-key';
import { ApiKeyCheck } from './api-key-check';
import { errorResponse } from './error-response';
import { setRequestAccess } from './request-access';

/**
 * Paths served without a key. Probes and scrapers run without credentials. The OpenAPI document
 * and the Swagger UI page (and its assets) describe the API and hold no data, so a browser can
 * load them and then send the key with the page's Authorize button; the dashboard's static files
 * under /ui hold no data either (they call the API with the key the user gives them).
 */
export const OPEN_PATHS: readonly RegExp[] = [/^\/health(\/|$)/, /^\/metrics\/?$/, /^\/docs(\/|$)/, /^\/docs-(json|yaml)$/, /^\/ui(\/|$)/];

/** What a read-only key may send: methods that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * What a worker key may send (docs/remote-workers.md): claims, heartbeats, cancel polls and
 * settles, jobs added to an execution of its queues (a handler's fan-out), and GET /whoami. The queues of each are checked where the route knows them (RemoteWorkersService).
 */
const WORKER_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/queues\/[^/]+\/claims\/?$/ },
  { method: 'POST', path: /^\/workers\/[^/]+\/heartbeat\/?$/ },
  { method: 'GET', path: /^\/workers\/[^/]+\/cancels\/?$/ },
  { method: 'POST', path: /^\/jobs\/[^/]+\/(complete|fail|release|report)\/?$/ },
  { method: 'POST', path: /^\/settlements\/?$/ },
  { method: 'POST', path: /^\/executions\/[^/]+\/jobs\/?$/ },
  { method: 'GET', path: /^\/whoami\/?$/ },
];

const isWorkerRoute = (req: Request): boolean => WORKER_ROUTES.some((route) => route.method === req.method && route.path.test(req.path));

/**
 * API_KEYS, API_KEYS_READONLY and API_KEYS_WORKER enforcement as express middleware rather than a
 * Nest guard, so it also covers what Nest does not route (unknown paths). Answers 401 (no or
 * unknown key) and 403 (a read-only key on a method that may write, a worker key off the worker
 * routes) in the API's error shape, and attaches the request's access (request-access.ts) for GET
 * /whoami, the audit trail and the worker routes' queue check.
 */
export function apiKeyMiddleware(writeKeys: readonly string[], readOnlyKeys: readonly string[] = [], workerKeys: readonly WorkerKey[] = []): RequestHandler {
  const check = new ApiKeyCheck(writeKeys, readOnlyKeys, workerKeys);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!check.enabled) {
      setRequestAccess(req, { access: 'open', keyId: null });
      return next();
    }
    if (OPEN_PATHS.some((open) => open.test(req.path))) return next();
    const presented = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const accepted = presented === undefined ? undefined : check.identify(presented);
    if (accepted === undefined) {
      const message = presented === undefined ? 'missing Authorization: Bearer <api key>' : 'invalid API key';
      const { status, body } = errorResponse(401, message, { code: 'unauthorized' });
      res.status(status).set('WWW-Authenticate', 'Bearer').json(body);
      return;
    }
    if (accepted.access === 'read' && !READ_METHODS.has(req.method)) {
      const { status, body } = errorResponse(403, 'this API key is read-only', { code: 'forbidden' });
      res.status(status).json(body);
      return;
    }
    if (accepted.access === 'worker' && !isWorkerRoute(req)) {
      const message = 'this API key is a worker key: it may only claim, heartbeat and settle jobs, and add jobs to executions of its queues (docs/remote-workers.md)';
      const { status, body } = errorResponse(403, message, { code: 'forbidden' });
      res.status(status).json(body);
      return;
    }
    setRequestAccess(req, accepted);
    next();
  };
}
