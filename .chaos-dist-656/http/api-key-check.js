"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ApiKeyCheck = void 0;
const node_crypto_1 = require("node:crypto");
const digest = (text) => (0, node_crypto_1.createHash)('sha256').update(text, 'utf8').digest();
/**
 * Compares a presented key with every accepted key in constant time: both sides are hashed to the
 * same length first (timingSafeEqual needs equal lengths, and the length must not leak either),
 * and every key is compared, so the time taken says nothing about which key came close.
 */
class ApiKeyCheck {
    digests;
    constructor(keys) {
        this.digests = keys.map(digest);
    }
    get enabled() {
        return this.digests.length > 0;
    }
    accepts(presented) {
        const candidate = digest(presented);
        let match = false;
        for (const known of this.digests)
            match = (0, node_crypto_1.timingSafeEqual)(candidate, known) || match;
        return match;
    }
}
exports.ApiKeyCheck = ApiKeyCheck;
//# sourceMappingURL=api-key-check.js.map