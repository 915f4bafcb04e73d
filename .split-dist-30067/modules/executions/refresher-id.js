"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newRefresherId = newRefresherId;
const node_crypto_1 = require("node:crypto");
const node_os_1 = require("node:os");
/** Names this process's in-flight refreshes: `${hostname}-${pid}-${random}`, never a space. */
function newRefresherId() {
    return `${(0, node_os_1.hostname)()}-${process.pid}-${(0, node_crypto_1.randomBytes)(4).toString('hex')}`.replace(/\s/g, '_');
}
//# sourceMappingURL=refresher-id.js.map