"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeExecutionCursor = encodeExecutionCursor;
exports.decodeExecutionCursor = decodeExecutionCursor;
exports.executionBefore = executionBefore;
const errors_1 = require("../../domain/errors");
const MAX_ID_LENGTH = 300;
function encodeExecutionCursor(position) {
    return `x${Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url')}`;
}
/** 400 naming `cursor` for a cursor no store returned. */
function decodeExecutionCursor(cursor) {
    if (cursor === undefined || cursor === '')
        return undefined;
    if (cursor.startsWith('x')) {
        try {
            const value = JSON.parse(Buffer.from(cursor.slice(1), 'base64url').toString('utf8'));
            if (Array.isArray(value) && value.length === 2) {
                const [createdAt, id] = value;
                if (Number.isSafeInteger(createdAt) && createdAt >= 0 && typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH) {
                    return { createdAt: createdAt, id };
                }
            }
        }
        catch {
            // falls through to the error below
        }
    }
    throw new errors_1.InvalidJobSpecError('cursor', 'is not a cursor this store returned');
}
/**
 * Whether execution `a` comes before `b` in the listing: newer first, then the greater id (as
 * Redis orders the members of one score: by bytes; ids are ASCII, so by UTF-16 units is the same).
 */
function executionBefore(a, b) {
    if (a.createdAt !== b.createdAt)
        return a.createdAt > b.createdAt;
    return a.id > b.id;
}
//# sourceMappingURL=execution-list-cursor.js.map