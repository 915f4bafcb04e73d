"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OPEN_PATHS = void 0;
exports.apiKeyMiddleware = apiKeyMiddleware;
const api_key_check_1 = require("./api-key-check");
const error_response_1 = require("./error-response");
/** Probes and scrapers run without credentials; everything else (API and docs) needs a key. */
exports.OPEN_PATHS = [/^\/health(\/|$)/, /^\/metrics\/?$/];
const BEARER = /^Bearer\s+(\S+)\s*$/i;
/**
 * API_KEYS enforcement as express middleware rather than a Nest guard, so it also covers what
 * Nest does not route (the OpenAPI page, unknown paths). Answers 401 in the API's error shape.
 */
function apiKeyMiddleware(keys) {
    const check = new api_key_check_1.ApiKeyCheck(keys);
    return (req, res, next) => {
        if (!check.enabled || exports.OPEN_PATHS.some((open) => open.test(req.path)))
            return next();
        const presented = BEARER.exec(req.headers.authorization ?? '')?.[1];
        if (presented !== undefined && check.accepts(presented))
            return next();
        const message = presented === undefined ? 'missing Authorization: Bearer <api key>' : 'invalid API key';
        const { status, body } = (0, error_response_1.errorResponse)(401, message, { code: 'unauthorized' });
        res.status(status).set('WWW-Authenticate', 'Bearer').json(body);
    };
}
//# sourceMappingURL=api-key.middleware.js.map