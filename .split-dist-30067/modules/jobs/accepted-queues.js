"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AcceptedQueues = void 0;
const errors_1 = require("../../domain/errors");
/**
 * The queues the API takes jobs for: QUEUES, which workers also serve. A queue outside it would
 * never be claimed, yet would cost every instance a history stream and reaper calls for good.
 */
class AcceptedQueues {
    names;
    constructor(names) {
        this.names = new Set(names);
    }
    /** Throws InvalidJobSpecError naming `field` when `queue` is not accepted. */
    check(queue, field) {
        if (this.names.has(queue))
            return;
        throw new errors_1.InvalidJobSpecError(field, `must be one of the queues this service accepts (QUEUES): ${[...this.names].join(', ')}`);
    }
}
exports.AcceptedQueues = AcceptedQueues;
//# sourceMappingURL=accepted-queues.js.map