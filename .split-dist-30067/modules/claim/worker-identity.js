"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WorkerIdentity = void 0;
exports.newWorkerId = newWorkerId;
const node_crypto_1 = require("node:crypto");
const node_os_1 = require("node:os");
/** `${hostname}-${pid}-${random}`: unique per process start, readable in logs and the registry. */
function newWorkerId() {
    return `${(0, node_os_1.hostname)()}-${process.pid}-${(0, node_crypto_1.randomBytes)(4).toString('hex')}`;
}
/** The id this process claims, heartbeats and registers under. */
class WorkerIdentity {
    id;
    constructor(id = newWorkerId()) {
        this.id = id;
    }
}
exports.WorkerIdentity = WorkerIdentity;
//# sourceMappingURL=worker-identity.js.map