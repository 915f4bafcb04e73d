"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.claimqVersion = claimqVersion;
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
let cached;
/**
 * claimq's own version, from its package.json: two levels up from this file, both in src/common
 * and in dist/common (the build mirrors src), and in an installed package. 'unknown' when it
 * cannot be read. Read once.
 */
function claimqVersion() {
    if (cached !== undefined)
        return cached;
    try {
        const pkg = JSON.parse((0, node_fs_1.readFileSync)((0, node_path_1.resolve)(__dirname, '../../package.json'), 'utf8'));
        cached = pkg.name === 'claimq' && typeof pkg.version === 'string' ? pkg.version : 'unknown';
    }
    catch {
        cached = 'unknown';
    }
    return cached;
}
//# sourceMappingURL=claimq-version.js.map