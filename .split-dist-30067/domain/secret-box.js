"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SecretBox = exports.SecretOpenError = exports.SEALED_PREFIX = void 0;
exports.isSealed = isSealed;
const node_crypto_1 = require("node:crypto");
/** Every sealed value starts with this, so a reader knows it from a value a client wrote. */
exports.SEALED_PREFIX = 'claimq-secret:v1:';
const PLAIN = 'plain';
const IV_BYTES = 12;
const KEY_BYTES = 32;
/** A sealed value that cannot be opened: its key is gone, or it was altered. Says which key, never the value. */
class SecretOpenError extends Error {
    constructor(message) {
        super(message);
        this.name = 'SecretOpenError';
    }
}
exports.SecretOpenError = SecretOpenError;
/**
 * Seals strings for storage with AES-256-GCM (node:crypto), under SECRETS_KEYS: the first key
 * seals, every key opens, so a key is rotated by putting the new one first and dropping the old
 * one once nothing sealed with it is left. A sealed value names its key by an id (the first 8 hex
 * digits of the key's SHA-256), carries a random 96-bit IV and GCM's tag, and is bound to a
 * context string (the header name): moved to another context it does not open.
 *
 *   claimq-secret:v1:<key id>:<iv>.<ciphertext>.<tag>     (base64url parts)
 *
 * Without keys a value is wrapped, not encrypted (`claimq-secret:v1:plain:<base64url>`): the
 * readers (redaction in the API, the worker that sends it) treat every stored secret alike, and a
 * client's value that happens to start with the prefix is wrapped again rather than mistaken for one.
 */
class SecretBox {
    keys;
    /** `keys`: 32-byte keys in base64 (44 characters) or hex (64 characters). The error names the entry's position, never its value. */
    constructor(keys = []) {
        this.keys = keys.map((text, i) => {
            const bytes = decodeKey(text.trim());
            if (!bytes)
                throw new Error(`SECRETS_KEYS entry ${i + 1} is not a 32-byte key in base64 (44 characters) or hex (64 characters)`);
            return { id: (0, node_crypto_1.createHash)('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
        });
    }
    /** Whether seal() encrypts (SECRETS_KEYS is set) or only wraps. */
    get encrypts() {
        return this.keys.length > 0;
    }
    seal(plaintext, context) {
        const key = this.keys[0];
        if (!key)
            return `${exports.SEALED_PREFIX}${PLAIN}:${Buffer.from(plaintext).toString('base64url')}`;
        const iv = (0, node_crypto_1.randomBytes)(IV_BYTES);
        const cipher = (0, node_crypto_1.createCipheriv)('aes-256-gcm', key.bytes, iv, { authTagLength: 16 }).setAAD(Buffer.from(context));
        const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
        return `${exports.SEALED_PREFIX}${key.id}:${[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
    }
    open(sealed, context) {
        if (!isSealed(sealed))
            throw new SecretOpenError('not a sealed value');
        const rest = sealed.slice(exports.SEALED_PREFIX.length);
        const colon = rest.indexOf(':');
        const [keyId, body] = [rest.slice(0, colon), rest.slice(colon + 1)];
        if (keyId === PLAIN)
            return Buffer.from(body, 'base64url').toString('utf8');
        const key = this.keys.find((k) => k.id === keyId);
        if (!key)
            throw new SecretOpenError(`sealed with key ${keyId}, which SECRETS_KEYS does not hold`);
        const [iv, ciphertext, tag] = body.split('.').map((part) => Buffer.from(part, 'base64url'));
        try {
            const decipher = (0, node_crypto_1.createDecipheriv)('aes-256-gcm', key.bytes, iv, { authTagLength: 16 }).setAAD(Buffer.from(context)).setAuthTag(tag);
            return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
        }
        catch {
            throw new SecretOpenError(`sealed with key ${keyId} but does not open with it (altered, or sealed for another field)`);
        }
    }
}
exports.SecretBox = SecretBox;
function isSealed(value) {
    return typeof value === 'string' && value.startsWith(exports.SEALED_PREFIX);
}
function decodeKey(text) {
    if (/^[0-9a-fA-F]{64}$/.test(text))
        return Buffer.from(text, 'hex');
    if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
        const bytes = Buffer.from(text, 'base64');
        return bytes.length === KEY_BYTES ? bytes : undefined;
    }
    return undefined;
}
//# sourceMappingURL=secret-box.js.map