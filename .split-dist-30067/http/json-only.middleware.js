"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ApiJsonBodyOnly = exports.JSON_MEDIA_TYPES = void 0;
exports.jsonOnlyMiddleware = jsonOnlyMiddleware;
const swagger_1 = require("@nestjs/swagger");
const error_response_1 = require("./error-response");
/** The media types a request body may have: JSON only. */
exports.JSON_MEDIA_TYPES = ['application/json', 'application/*+json'];
/**
 * Answers 415 to any request that carries a body of another type, before a body parser runs.
 * A form (`application/x-www-form-urlencoded`, `multipart/form-data`, `text/plain`) is what a
 * browser sends cross-site without a CORS preflight; refusing every non-JSON body means no web
 * page a user visits can make this service enqueue a job. Requests without a body (GET, a bare
 * POST /jobs/:id/cancel, `Content-Length: 0`) pass.
 */
function jsonOnlyMiddleware() {
    return (req, res, next) => {
        // req.is: null without a body, false when the body is of another type; an empty body is none
        if (req.headers['content-length'] === '0' || req.is(exports.JSON_MEDIA_TYPES) !== false)
            return next();
        const type = req.headers['content-type'] ?? '(none)';
        const reason = `must be application/json, not ${type}`;
        const { status, body } = (0, error_response_1.errorResponse)(415, `request body ${reason}`, {
            code: 'unsupported_media_type',
            errors: [{ field: 'content-type', reason }],
        });
        // the body is not read: close the connection after the answer rather than drain it
        res.status(status).set('Connection', 'close').json(body);
    };
}
/** The OpenAPI side of jsonOnlyMiddleware, for each route that takes a body. */
const ApiJsonBodyOnly = () => (0, swagger_1.ApiUnsupportedMediaTypeResponse)({ description: 'The body is not application/json (a form, text, XML): nothing was read or added' });
exports.ApiJsonBodyOnly = ApiJsonBodyOnly;
//# sourceMappingURL=json-only.middleware.js.map