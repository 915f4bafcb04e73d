"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeHistoryCursor = encodeHistoryCursor;
exports.decodeHistoryCursor = decodeHistoryCursor;
const errors_1 = require("../../../domain/errors");
function encodeHistoryCursor(cursor) {
    return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}
/** Throws InvalidJobSpecError('cursor', ...) (a 400) for a cursor this service did not make. */
function decodeHistoryCursor(text) {
    try {
        const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
        if (Array.isArray(value) && value.length === 2 && Number.isFinite(value[0]) && typeof value[1] === 'string') {
            return { createdAt: value[0], id: value[1] };
        }
    }
    catch {
        // fall through
    }
    throw new errors_1.InvalidJobSpecError('cursor', 'is not a cursor this service returned');
}
//# sourceMappingURL=history-cursor.js.map