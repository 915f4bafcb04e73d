"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.setRequestAccess = setRequestAccess;
exports.requestAccess = requestAccess;
const ACCESS = Symbol('claimq.requestAccess');
/** Attached by the API key middleware to every request it lets through. */
function setRequestAccess(req, access) {
    req[ACCESS] = access;
}
/**
 * The request's access. A request the middleware did not see (an app that embeds claimq without
 * configureApp has no key check at all) is open.
 */
function requestAccess(req) {
    return req[ACCESS] ?? { access: 'open', keyId: null };
}
//# sourceMappingURL=request-access.js.map