"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeRedisListCursor = encodeRedisListCursor;
exports.decodeRedisListCursor = decodeRedisListCursor;
const errors_1 = require("../../../domain/errors");
function encodeRedisListCursor(p) {
    return `r${Buffer.from(JSON.stringify([p.index, p.score, p.id])).toString('base64url')}`;
}
function decodeRedisListCursor(cursor) {
    if (cursor === undefined || cursor === '')
        return undefined;
    const invalid = new errors_1.InvalidJobSpecError('cursor', 'is not a cursor this store returned');
    if (!cursor.startsWith('r'))
        throw invalid;
    try {
        const value = JSON.parse(Buffer.from(cursor.slice(1), 'base64url').toString('utf8'));
        if (Array.isArray(value) && value.length === 3) {
            const [index, score, id] = value;
            if (Number.isInteger(index) && typeof score === 'number' && typeof id === 'string') {
                return { index: index, score, id };
            }
        }
    }
    catch {
        // falls through to the error below
    }
    throw invalid;
}
//# sourceMappingURL=redis-list-cursor.js.map