"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HttpJobSecrets = exports.REDACTED = exports.DEFAULT_SECRET_HEADERS = void 0;
exports.redactHttpPayload = redactHttpPayload;
const http_job_1 = require("./http-job");
const secret_box_1 = require("./secret-box");
/** HTTP_SECRET_HEADERS' default: the request headers that carry credentials. */
exports.DEFAULT_SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'x-api-key'];
/** What the API, callbacks and every other view show in place of a secret. */
exports.REDACTED = '[redacted]';
/**
 * The secret request headers of `http` jobs: sealed when a job is enqueued (JobsService), so the
 * store holds them encrypted under SECRETS_KEYS; opened by the worker that sends them
 * (HttpJobHandler); shown as "[redacted]" everywhere else (redactHttpPayload). A sealed value is
 * bound to its header's name: moved to another header it does not open.
 */
class HttpJobSecrets {
    box;
    names;
    constructor(headerNames = exports.DEFAULT_SECRET_HEADERS, box = new secret_box_1.SecretBox()) {
        this.box = box;
        this.names = new Set(headerNames.map((n) => n.toLowerCase()));
    }
    get encrypts() {
        return this.box.encrypts;
    }
    /**
     * The payload with its secret header values sealed; the payload itself (same object) when it has
     * none. A value that already looks sealed is sealed again whatever its header, so every sealed
     * value in a store was sealed once, here.
     */
    seal(type, payload) {
        const headers = type === http_job_1.HTTP_JOB_TYPE ? headersOf(payload) : undefined;
        if (!headers)
            return payload;
        let sealed;
        for (const [name, value] of Object.entries(headers)) {
            if (typeof value !== 'string' || (!this.names.has(name.toLowerCase()) && !(0, secret_box_1.isSealed)(value)))
                continue;
            sealed ??= { ...headers };
            sealed[name] = this.box.seal(value, contextOf(name));
        }
        return sealed ? { ...payload, headers: sealed } : payload;
    }
    /**
     * The headers to send, sealed values opened; the names of those that were sealed (they are not
     * sent on to another origin by a redirect) and their opened values (scrubbed from what the call
     * answers). Throws an error naming the header, never its value.
     */
    open(headers) {
        const sealed = [];
        const values = [];
        let opened;
        for (const [name, value] of Object.entries(headers)) {
            if (!(0, secret_box_1.isSealed)(value))
                continue;
            opened ??= { ...headers };
            try {
                opened[name] = this.box.open(value, contextOf(name));
            }
            catch (err) {
                throw new Error(`header ${name}: ${err.message}`, { cause: err });
            }
            sealed.push(name.toLowerCase());
            values.push(opened[name]);
        }
        return { headers: opened ?? headers, sealed, values };
    }
}
exports.HttpJobSecrets = HttpJobSecrets;
/** The payload as the API and callbacks show it: sealed header values of an `http` job replaced by "[redacted]". */
function redactHttpPayload(type, payload) {
    const headers = type === http_job_1.HTTP_JOB_TYPE ? headersOf(payload) : undefined;
    if (!headers || !Object.values(headers).some(secret_box_1.isSealed))
        return payload;
    const redacted = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, (0, secret_box_1.isSealed)(value) ? exports.REDACTED : value]));
    return { ...payload, headers: redacted };
}
function headersOf(payload) {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
        return undefined;
    const { headers } = payload;
    return typeof headers === 'object' && headers !== null && !Array.isArray(headers) ? headers : undefined;
}
function contextOf(headerName) {
    return `http-header:${headerName.toLowerCase()}`;
}
//# sourceMappingURL=http-job-secrets.js.map