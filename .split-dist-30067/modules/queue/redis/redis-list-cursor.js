"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeRedisListCursor = encodeRedisListCursor;
exports.decodeRedisListCursor = decodeRedisListCursor;
const errors_1 = require("../../../domain/errors");
const job_1 = require("../../../domain/job");
function encodeRedisListCursor(p) {
    const value = p.group ? [p.index, p.score, p.id, p.group.name, p.group.list] : [p.index, p.score, p.id];
    return `r${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
}
/**
 * A cursor comes back from clients, so it is checked against the walk it resumes: the index must
 * name one of its segments, and in a list segment the score is a rank (a safe non-negative
 * integer), which the lister turns into LPOS/LRANGE bounds.
 */
function decodeRedisListCursor(cursor, walk) {
    if (cursor === undefined || cursor === '')
        return undefined;
    const invalid = new errors_1.InvalidJobSpecError('cursor', 'is not a cursor this store returned');
    if (!cursor.startsWith('r'))
        throw invalid;
    try {
        const value = JSON.parse(Buffer.from(cursor.slice(1), 'base64url').toString('utf8'));
        if (Array.isArray(value) && value.length === 3) {
            const [index, score, id] = value;
            if (isPosition(index, score, id, walk))
                return { index, score: score, id: id };
        }
        if (Array.isArray(value) && value.length === 5) {
            const [index, score, id, name, list] = value;
            if (typeof index === 'number' &&
                walk[index]?.groups === true &&
                typeof name === 'string' &&
                job_1.NAME_PATTERN.test(name) &&
                (list === 0 || list === 1) &&
                isPosition(index, score, id, walk) &&
                (list === 0 || (Number.isSafeInteger(score) && score >= -1))) {
                return { index, score: score, id: id, group: { name, list } };
            }
        }
    }
    catch {
        // falls through to the error below
    }
    throw invalid;
}
function isPosition(index, score, id, walk) {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= walk.length)
        return false;
    if (typeof score !== 'number' || !Number.isFinite(score) || typeof id !== 'string')
        return false;
    return !walk[index].list || (Number.isSafeInteger(score) && score >= 0);
}
//# sourceMappingURL=redis-list-cursor.js.map