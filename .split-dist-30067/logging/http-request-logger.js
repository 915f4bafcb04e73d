"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.httpRequestLogger = httpRequestLogger;
const pino_http_1 = require("pino-http");
/** Probe and scrape paths: logged at debug, so a 10 s readiness probe does not flood info logs. */
const QUIET_PATHS = /^\/(health\/|metrics(\/|\?|$))/;
function levelOf(req, res, err) {
    if (err || res.statusCode >= 500)
        return 'error';
    if (res.statusCode >= 400)
        return 'warn';
    return QUIET_PATHS.test(req.url ?? '') ? 'debug' : 'info';
}
/**
 * One line per finished request: method, url, status and duration (durationMs). No headers and no
 * bodies: job payloads may hold personal data, and Authorization holds API keys.
 */
function httpRequestLogger(logger) {
    return (0, pino_http_1.pinoHttp)({
        logger,
        customLogLevel: levelOf,
        customAttributeKeys: { responseTime: 'durationMs' },
        customSuccessMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode}`,
        customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode}`,
        serializers: {
            req: (req) => ({ id: req.id, method: req.method, url: req.url }),
            res: (res) => ({ statusCode: res.statusCode }),
        },
    });
}
//# sourceMappingURL=http-request-logger.js.map