"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.jsonBodyMiddleware = jsonBodyMiddleware;
const errors_1 = require("../domain/errors");
const body_depth_1 = require("./body-depth");
const json_only_middleware_1 = require("./json-only.middleware");
const json_scan_1 = require("./json-scan");
const opaque_json_decorator_1 = require("./opaque-json.decorator");
const validation_failed_exception_1 = require("./validation-failed.exception");
/** body-parser's error shape for a body over the limit, which the exception filter answers 413. */
function tooLarge(limit) {
    return Object.assign(new Error(`request entity too large`), { status: 413, statusCode: 413, expose: true, type: 'entity.too.large', limit });
}
/**
 * The JSON body parser (in place of express.json): reads the body up to MAX_BODY_BYTES into one
 * buffer, scans its bytes once (scanJson: nesting depth, each payload's size) and only then
 * parses it. So the size and depth limits cost one linear pass and no objects: a body of 30 MB
 * whose payload is over MAX_PAYLOAD_BYTES is refused without being parsed, and the process keeps
 * answering (its health probes too) meanwhile. UTF-8 only (RFC 8259); other bodies get 415 first
 * (jsonOnlyMiddleware).
 */
function jsonBodyMiddleware(options) {
    return (req, res, next) => {
        if (req._body || !req.is(json_only_middleware_1.JSON_MEDIA_TYPES))
            return next();
        const declared = Number(req.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.limit)
            return next(tooLarge(options.limit));
        // one buffer, grown by doubling as chunks come (never to more than was received twice over,
        // whatever length a client declares), so the body is not held twice at the end
        let buf = Buffer.alloc(0);
        let received = 0;
        let failed = false;
        const fail = (err) => {
            if (failed)
                return;
            failed = true;
            req.removeAllListeners('data');
            req.resume();
            next(err);
        };
        req.on('data', (chunk) => {
            if (failed)
                return;
            if (received + chunk.length > options.limit)
                return fail(tooLarge(options.limit));
            if (received + chunk.length > buf.length) {
                const wanted = Math.max(2 * buf.length, received + chunk.length, 64 * 1024);
                // the declared length, once the body has come halfway to it
                const size = Number.isFinite(declared) && declared >= received + chunk.length && declared <= wanted ? declared : wanted;
                const grown = Buffer.allocUnsafe(Math.min(options.limit, size));
                buf.copy(grown, 0, 0, received);
                buf = grown;
            }
            chunk.copy(buf, received);
            received += chunk.length;
        });
        req.on('error', fail);
        req.on('end', () => {
            if (failed)
                return;
            const body = buf.subarray(0, received);
            buf = Buffer.alloc(0);
            try {
                req.body = parseScanned(body, options);
                req._body = true;
            }
            catch (err) {
                return fail(err);
            }
            next();
        });
    };
}
function parseScanned(buf, options) {
    if (buf.length === 0)
        return {}; // as body-parser answers an empty JSON body
    const problem = (0, json_scan_1.scanJson)(buf, { maxDepth: body_depth_1.MAX_BODY_DEPTH, maxOpaqueBytes: options.maxPayloadBytes, opaqueNames: (0, opaque_json_decorator_1.opaqueJsonNames)() });
    if (problem?.kind === 'opaque-too-large') {
        throw new errors_1.PayloadTooLargeError(problem.path.join('.'), problem.size, options.maxPayloadBytes);
    }
    if (problem?.kind === 'too-deep')
        throw new validation_failed_exception_1.ValidationFailedException([(0, body_depth_1.tooDeepError)(problem.path)]);
    let body;
    try {
        body = JSON.parse(buf.toString('utf8'));
    }
    catch (err) {
        throw Object.assign(new SyntaxError(`request body is not valid JSON: ${err.message}`), { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed' });
    }
    (0, body_depth_1.markDepthChecked)(body);
    return body;
}
//# sourceMappingURL=json-body.middleware.js.map