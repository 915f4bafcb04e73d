"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodePartitionCursor = encodePartitionCursor;
exports.decodePartitionCursor = decodePartitionCursor;
const errors_1 = require("../../../domain/errors");
/** `p<index>.<the partition's cursor>`: a listing walks partition after partition, each in its own order. */
function encodePartitionCursor(position) {
    return `p${position.index}.${position.inner ?? ''}`;
}
/** The position a cursor names (the first partition's start without one); 400 for a cursor this store did not return. */
function decodePartitionCursor(cursor, partitions) {
    if (cursor === undefined || cursor === '')
        return { index: 0, inner: undefined };
    const match = /^p([0-9]{1,2})\.(.*)$/s.exec(cursor);
    if (!match || Number(match[1]) >= partitions)
        throw new errors_1.InvalidJobSpecError('cursor', 'is not a cursor this store returned');
    return { index: Number(match[1]), inner: match[2] === '' ? undefined : match[2] };
}
//# sourceMappingURL=partition-cursor.js.map