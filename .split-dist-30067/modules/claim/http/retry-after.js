"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_RETRY_AFTER_MS = void 0;
exports.parseRetryAfter = parseRetryAfter;
/** A Retry-After is honoured up to this; beyond it the server is asking for more than a retry. */
exports.MAX_RETRY_AFTER_MS = 3_600_000;
/** Milliseconds to wait from a Retry-After header (delta-seconds or HTTP-date), or undefined. */
function parseRetryAfter(value, now) {
    if (value === null || value.trim() === '')
        return undefined;
    const text = value.trim();
    let ms;
    if (/^\d+$/.test(text))
        ms = Number(text) * 1000;
    else {
        const at = Date.parse(text);
        if (Number.isNaN(at))
            return undefined;
        ms = at - now;
    }
    return Math.min(exports.MAX_RETRY_AFTER_MS, Math.max(0, ms));
}
//# sourceMappingURL=retry-after.js.map