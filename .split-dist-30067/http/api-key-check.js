"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ApiKeyCheck = void 0;
exports.apiKeyId = apiKeyId;
const node_crypto_1 = require("node:crypto");
const digest = (text) => (0, node_crypto_1.createHash)('sha256').update(text, 'utf8').digest();
/** A key that names its holder in logs and the audit trail without revealing it. */
const keyIdOf = (keyDigest) => `k_${keyDigest.toString('hex').slice(0, 12)}`;
/** The key id of `key`: `k_` and the first 12 hex characters of its sha256 (never the key itself). */
function apiKeyId(key) {
    return keyIdOf(digest(key));
}
/**
 * Compares a presented key with every accepted key in constant time: both sides are hashed to the
 * same length first (timingSafeEqual needs equal lengths, and the length must not leak either),
 * and every key of both lists is compared, so the time taken says nothing about which key came
 * close, nor whether the key is a read-only one.
 */
class ApiKeyCheck {
    known;
    constructor(writeKeys, readOnlyKeys = []) {
        this.known = [...writeKeys.map((key) => ({ digest: digest(key), access: 'write' })), ...readOnlyKeys.map((key) => ({ digest: digest(key), access: 'read' }))];
    }
    /** Keys are enforced: either list has a key. */
    get enabled() {
        return this.known.length > 0;
    }
    /** The presented key's access and id, or undefined when no configured key matches. */
    identify(presented) {
        const candidate = digest(presented);
        let write = false;
        let read = false;
        for (const key of this.known) {
            const match = (0, node_crypto_1.timingSafeEqual)(candidate, key.digest);
            if (key.access === 'write')
                write = match || write;
            else
                read = match || read;
        }
        if (!write && !read)
            return undefined;
        return { access: write ? 'write' : 'read', keyId: keyIdOf(candidate) };
    }
}
exports.ApiKeyCheck = ApiKeyCheck;
//# sourceMappingURL=api-key-check.js.map