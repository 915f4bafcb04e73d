"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeOffsetCursor = encodeOffsetCursor;
exports.decodeOffsetCursor = decodeOffsetCursor;
const errors_1 = require("../../domain/errors");
/** The cursor of an execution's job list, shared by both stores: an offset (the list never changes). */
function encodeOffsetCursor(offset) {
    return `e${offset}`;
}
function decodeOffsetCursor(cursor) {
    if (cursor === undefined || cursor === '')
        return 0;
    const m = /^e(\d{1,9})$/.exec(cursor);
    if (!m)
        throw new errors_1.InvalidJobSpecError('cursor', 'is not a cursor this store returned');
    return Number(m[1]);
}
//# sourceMappingURL=execution-job-cursor.js.map