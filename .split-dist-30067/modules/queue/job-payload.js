"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseStoredJson = parseStoredJson;
exports.setStoredPayload = setStoredPayload;
/** A stored payload's JSON text as a value: the text itself when it does not parse (damaged record), null when absent. */
function parseStoredJson(text) {
    if (typeof text !== 'string')
        return null;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/** Payloads up to this many characters are parsed at once; longer ones on first read. */
const EAGER_PAYLOAD_CHARS = 1024;
/**
 * Sets `job.payload` from its stored JSON text. A short payload is parsed here (cheaper than the
 * accessor pair below, which costs ~2 µs per object in V8); a longer one on first read, so a
 * caller that never reads it (a handler that ignores it, an execution of 10,000 jobs answering
 * only its id) pays no JSON.parse. Either way `payload` is an own enumerable property: readers
 * (API serialisation, spreads, handlers) see the same value, keys in the same order.
 */
function setStoredPayload(job, text) {
    if (text === undefined || text.length <= EAGER_PAYLOAD_CHARS) {
        job.payload = parseStoredJson(text);
        return;
    }
    let payload;
    let parsed = false;
    Object.defineProperty(job, 'payload', {
        enumerable: true,
        configurable: true,
        get() {
            if (!parsed) {
                payload = parseStoredJson(text);
                parsed = true;
            }
            return payload;
        },
        set(value) {
            payload = value;
            parsed = true;
        },
    });
}
//# sourceMappingURL=job-payload.js.map