/** The header claimq signs its outgoing requests with; a job may not set it (the API refuses it at submit). */
export declare const CALLBACK_SIGNATURE_HEADER = "Claimq-Signature";
/** Shorter secrets could be guessed offline from one captured signature. */
export declare const MIN_CALLBACK_SECRET_LENGTH = 32;
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
export declare class CallbackSigner {
    /** Built once per configuration: createHmac then takes the key without copying a string each call. */
    private readonly keys;
    /** The error names the entry's position, never its value. */
    constructor(secrets: readonly string[]);
    /** The header value for `body` (the exact text sent; '' without a body) sent at `nowMs`. */
    sign(body: string, nowMs: number): string;
}
