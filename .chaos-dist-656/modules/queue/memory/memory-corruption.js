"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.damageRecord = damageRecord;
/** Damages a record in place ('deleted' is handled by the store, which owns the map). */
function damageRecord(record, how) {
    const loose = record;
    if (how === 'missing-fields') {
        for (const field of ['type', 'status', 'attempts', 'maxAttempts', 'priority'])
            delete loose[field];
    }
    else {
        for (const field of ['attempts', 'maxAttempts', 'priority', 'token'])
            loose[field] = 'not-a-number';
    }
}
//# sourceMappingURL=memory-corruption.js.map