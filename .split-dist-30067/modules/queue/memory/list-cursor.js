"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeListCursor = encodeListCursor;
exports.decodeListCursor = decodeListCursor;
const errors_1 = require("../../../domain/errors");
/** The memory store's list cursor: the index sequence number of the last job returned, base 36. */
function encodeListCursor(seq) {
    return `m${seq.toString(36)}`;
}
function decodeListCursor(cursor) {
    if (cursor === undefined || cursor === '')
        return undefined;
    if (!/^m[0-9a-z]{1,11}$/.test(cursor))
        throw new errors_1.InvalidJobSpecError('cursor', 'is not a cursor this store returned');
    return parseInt(cursor.slice(1), 36);
}
//# sourceMappingURL=list-cursor.js.map