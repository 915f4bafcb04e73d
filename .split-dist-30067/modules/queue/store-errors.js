"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isConnectionError = isConnectionError;
exports.isTransientStoreError = isTransientStoreError;
exports.errorText = errorText;
const errors_1 = require("../../domain/errors");
/** Socket errors of a link that is down or going down. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * ioredis's own words for a connection it closed or cannot write to, and for a cluster it cannot
 * route to now (its retries through a failover ran out, or no node answers).
 */
const CONNECTION_MESSAGES = /^(Connection is closed|Stream isn't writeable|Command aborted due to connection close|Too many Cluster redirections|Failed to refresh slots cache|Cluster is (disconnected|disconnecting|ended)|None of startup nodes is available)/;
/**
 * Replies of a server that is up but cannot serve yet (or right now, as a replica mid-failover),
 * or of a cluster node that no longer holds the slot (MOVED, ASK: a pipeline's reply after a
 * resharding or failover): worth retrying.
 */
const TRANSIENT_REPLIES = /^(LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|READONLY|MOVED|ASK)\b/;
const ERROR_CODE_IN_TEXT = /\bE[A-Z_]{3,}\b/g;
/**
 * Whether an error a store's client raised says the store could not be reached (or cannot serve
 * for now), as opposed to refusing the request. Our own errors never are.
 */
function isConnectionError(error) {
    if (!(error instanceof Error) || error instanceof errors_1.ClaimqError)
        return false;
    if (error.name === 'MaxRetriesPerRequestError' || error.name === 'ClusterAllFailedError')
        return true;
    if (error.name === 'ReplyError')
        return TRANSIENT_REPLIES.test(error.message);
    const code = error.code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code))
        return true;
    if (CONNECTION_MESSAGES.test(error.message))
        return true;
    return (error.message.match(ERROR_CODE_IN_TEXT) ?? []).some((word) => CONNECTION_CODES.has(word));
}
/**
 * Whether a store call failed because the store could not be reached (worth retrying as is), as
 * opposed to refusing the request (retrying the same call would fail the same way).
 */
function isTransientStoreError(err) {
    return err instanceof errors_1.StoreUnavailableError || err instanceof errors_1.StoreOutOfMemoryError || isConnectionError(err);
}
function errorText(err) {
    if (err instanceof Error)
        return err.message || err.name;
    return String(err);
}
//# sourceMappingURL=store-errors.js.map