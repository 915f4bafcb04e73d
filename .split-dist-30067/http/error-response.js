"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.errorResponse = errorResponse;
const node_http_1 = require("node:http");
function errorResponse(status, message, extra) {
    const body = { statusCode: status, error: node_http_1.STATUS_CODES[status] ?? 'Error', message, code: extra.code };
    if (extra.errors !== undefined)
        body.errors = extra.errors;
    return { status, body, headers: extra.headers };
}
//# sourceMappingURL=error-response.js.map