"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OPEN_PATHS = void 0;
exports.apiKeyMiddleware = apiKeyMiddleware;
const api_key_check_1 = require("./api-key-check");
const error_response_1 = require("./error-response");
const request_access_1 = require("./request-access");
/**
 * Paths served without a key. Probes and scrapers run without credentials. The OpenAPI document
 * and the Swagger UI page (and its assets) describe the API and hold no data, so a browser can
 * load them and then send the key with the page's Authorize button; the dashboard's static files
 * under /ui hold no data either (they call the API with the key the user gives them).
 */
exports.OPEN_PATHS = [/^\/health(\/|$)/, /^\/metrics\/?$/, /^\/docs(\/|$)/, /^\/docs-(json|yaml)$/, /^\/ui(\/|$)/];
/** What a read-only key may send: methods that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^Bearer\s+(\S+)\s*$/i;
/**
 * API_KEYS and API_KEYS_READONLY enforcement as express middleware rather than a Nest guard, so it
 * also covers what Nest does not route (unknown paths). Answers 401 (no or unknown key) and 403 (a
 * read-only key on a method that may write) in the API's error shape, and attaches the request's
 * access (request-access.ts) for GET /whoami and the audit trail.
 */
function apiKeyMiddleware(writeKeys, readOnlyKeys = []) {
    const check = new api_key_check_1.ApiKeyCheck(writeKeys, readOnlyKeys);
    return (req, res, next) => {
        if (!check.enabled) {
            (0, request_access_1.setRequestAccess)(req, { access: 'open', keyId: null });
            return next();
        }
        if (exports.OPEN_PATHS.some((open) => open.test(req.path)))
            return next();
        const presented = BEARER.exec(req.headers.authorization ?? '')?.[1];
        const accepted = presented === undefined ? undefined : check.identify(presented);
        if (accepted === undefined) {
            const message = presented === undefined ? 'missing Authorization: Bearer <api key>' : 'invalid API key';
            const { status, body } = (0, error_response_1.errorResponse)(401, message, { code: 'unauthorized' });
            res.status(status).set('WWW-Authenticate', 'Bearer').json(body);
            return;
        }
        if (accepted.access === 'read' && !READ_METHODS.has(req.method)) {
            const { status, body } = (0, error_response_1.errorResponse)(403, 'this API key is read-only', { code: 'forbidden' });
            res.status(status).json(body);
            return;
        }
        (0, request_access_1.setRequestAccess)(req, accepted);
        next();
    };
}
//# sourceMappingURL=api-key.middleware.js.map