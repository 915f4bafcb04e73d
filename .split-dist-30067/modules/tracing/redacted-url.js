"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.redactedUrl = redactedUrl;
const REDACTED = 'REDACTED';
/**
 * A URL as a span may show it (url.full): credentials in the authority and every query value
 * replaced by REDACTED, the keys kept (an entry without a value goes whole); no fragment. A job's URL is its client's, who may put a
 * token in the query (a signed URL, an API key); the secret headers never reach a span at all.
 * The OpenTelemetry HTTP conventions ask for the credentials' redaction and allow the query's.
 */
function redactedUrl(url) {
    const auth = url.username !== '' || url.password !== '' ? `${REDACTED}:${REDACTED}@` : '';
    let query = '';
    if (url.search !== '') {
        const parts = [];
        for (const pair of url.search.slice(1).split('&')) {
            if (pair === '')
                continue;
            const eq = pair.indexOf('=');
            // an entry without '=' may be a bare token: it goes whole
            parts.push(eq < 0 ? REDACTED : `${pair.slice(0, eq)}=${REDACTED}`);
        }
        query = `?${parts.join('&')}`;
    }
    return `${url.protocol}//${auth}${url.host}${url.pathname}${query}`;
}
//# sourceMappingURL=redacted-url.js.map