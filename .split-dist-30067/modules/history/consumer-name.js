"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.historyConsumerName = historyConsumerName;
const node_crypto_1 = require("node:crypto");
const node_os_1 = require("node:os");
/** This process's name in the history consumer groups: unique per start, readable in XINFO. */
function historyConsumerName() {
    return `${(0, node_os_1.hostname)()}-${process.pid}-${(0, node_crypto_1.randomBytes)(3).toString('hex')}`;
}
//# sourceMappingURL=consumer-name.js.map