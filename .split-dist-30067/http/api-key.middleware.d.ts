import type { RequestHandler } from 'express';
/**
 * Paths served without a key. Probes and scrapers run without credentials. The OpenAPI document
 * and the Swagger UI page (and its assets) describe the API and hold no data, so a browser can
 * load them and then send the key with the page's Authorize button; the dashboard's static files
 * under /ui hold no data either (they call the API with the key the user gives them).
 */
export declare const OPEN_PATHS: readonly RegExp[];
/**
 * API_KEYS and API_KEYS_READONLY enforcement as express middleware rather than a Nest guard, so it
 * also covers what Nest does not route (unknown paths). Answers 401 (no or unknown key) and 403 (a
 * read-only key on a method that may write) in the API's error shape, and attaches the request's
 * access (request-access.ts) for GET /whoami and the audit trail.
 */
export declare function apiKeyMiddleware(writeKeys: readonly string[], readOnlyKeys?: readonly string[]): RequestHandler;
