"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isTransientStoreError = isTransientStoreError;
exports.errorText = errorText;
const errors_1 = require("../../domain/errors");
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * Whether a store call failed because the store could not be reached (worth retrying as is), as
 * opposed to refusing the request (retrying the same call would fail the same way).
 */
function isTransientStoreError(err) {
    if (err instanceof errors_1.StoreUnavailableError)
        return true;
    if (!(err instanceof Error))
        return false;
    const code = err.code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code))
        return true;
    return err.name === 'MaxRetriesPerRequestError' || /connection|connect|closed|timed? ?out|socket|LOADING|READONLY|CLUSTERDOWN|TRYAGAIN/i.test(err.message);
}
function errorText(err) {
    if (err instanceof Error)
        return err.message || err.name;
    return String(err);
}
//# sourceMappingURL=store-errors.js.map