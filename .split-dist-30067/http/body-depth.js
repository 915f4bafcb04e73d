"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_BODY_DEPTH = void 0;
exports.markDepthChecked = markDepthChecked;
exports.bodyDepthError = bodyDepthError;
exports.tooDeepError = tooDeepError;
const json_depth_1 = require("../domain/json-depth");
const opaque_json_decorator_1 = require("./opaque-json.decorator");
const validation_errors_1 = require("./validation-errors");
/** A payload at its deepest, plus room for the structure around it (`jobs.3.payload`). */
exports.MAX_BODY_DEPTH = json_depth_1.MAX_PAYLOAD_DEPTH + 8;
/** Bodies whose depth jsonBodyMiddleware's byte scan has checked already. */
const depthChecked = new WeakSet();
/** Marks a parsed body as checked for depth (by the byte scan), so the pipe does not walk it again. */
function markDepthChecked(body) {
    if (typeof body === 'object' && body !== null)
        depthChecked.add(body);
}
/**
 * The error for a body nested deeper than MAX_BODY_DEPTH, else undefined. Checked before
 * class-transformer walks the body (recursively: a deep body overflowed its stack into a 500);
 * a body the byte scan checked is not walked again. The exact payload bound is JobsService's.
 */
function bodyDepthError(body) {
    if (typeof body === 'object' && body !== null && depthChecked.has(body))
        return undefined;
    const path = (0, json_depth_1.pathBeyondDepth)(body, exports.MAX_BODY_DEPTH);
    return path === undefined ? undefined : tooDeepError(path);
}
/**
 * The error for the container at `path` past MAX_BODY_DEPTH: names the opaque field the depth is
 * in (`jobs.3.payload`), else the body.
 */
function tooDeepError(path) {
    const opaque = (0, opaque_json_decorator_1.opaqueJsonNames)();
    const at = path.findIndex((key) => opaque.has(key));
    if (at < 0)
        return { field: validation_errors_1.BODY_FIELD, reason: `must not be nested more than ${exports.MAX_BODY_DEPTH} levels deep` };
    return { field: path.slice(0, at + 1).join('.'), reason: json_depth_1.PAYLOAD_TOO_DEEP };
}
//# sourceMappingURL=body-depth.js.map