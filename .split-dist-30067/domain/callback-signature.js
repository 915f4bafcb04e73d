"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CallbackSigner = exports.MIN_CALLBACK_SECRET_LENGTH = exports.CALLBACK_SIGNATURE_HEADER = void 0;
const node_crypto_1 = require("node:crypto");
/** The header claimq signs its outgoing requests with; a job may not set it (the API refuses it at submit). */
exports.CALLBACK_SIGNATURE_HEADER = 'Claimq-Signature';
/** Shorter secrets could be guessed offline from one captured signature. */
exports.MIN_CALLBACK_SECRET_LENGTH = 32;
/**
 * Signs what claimq sends to a user's URL (callbacks and `http` jobs), as Stripe and GitHub sign
 * webhooks:
 *
 *   Claimq-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">[,v1=...]
 *
 * one `v1` per secret of CALLBACK_SIGNING_SECRET in its order, so during a rotation a receiver
 * that holds either the old or the new secret verifies. The time is in the signed text, so a
 * receiver that checks it refuses a captured request replayed later.
 */
class CallbackSigner {
    /** Built once per configuration: createHmac then takes the key without copying a string each call. */
    keys;
    /** The error names the entry's position, never its value. */
    constructor(secrets) {
        if (secrets.length === 0)
            throw new Error('CALLBACK_SIGNING_SECRET holds no secret (leave it unset to send requests unsigned)');
        this.keys = secrets.map((secret, i) => {
            if (/\s/.test(secret))
                throw new Error(`CALLBACK_SIGNING_SECRET entry ${i + 1} contains whitespace`);
            if (secret.length < exports.MIN_CALLBACK_SECRET_LENGTH) {
                throw new Error(`CALLBACK_SIGNING_SECRET entry ${i + 1} is shorter than ${exports.MIN_CALLBACK_SECRET_LENGTH} characters`);
            }
            return (0, node_crypto_1.createSecretKey)(Buffer.from(secret, 'utf8'));
        });
    }
    /** The header value for `body` (the exact text sent; '' without a body) sent at `nowMs`. */
    sign(body, nowMs) {
        const t = String(Math.floor(nowMs / 1000));
        let value = `t=${t}`;
        // updated in two parts rather than on `${t}.${body}`: a body of megabytes is not copied per secret
        for (const key of this.keys)
            value += `,v1=${(0, node_crypto_1.createHmac)('sha256', key).update(`${t}.`).update(body).digest('hex')}`;
        return value;
    }
}
exports.CallbackSigner = CallbackSigner;
//# sourceMappingURL=callback-signature.js.map