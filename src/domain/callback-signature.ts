import { createHmac, createSecretKey, KeyObject } from 'node:crypto';

/** The header claimq signs its outgoing requests with; a job may not set it (the API refuses it at submit). */
export const CALLBACK_SIGNATURE_HEADER = 'Claimq-Signature';
/** Shorter secrets could be guessed offline from one captured signature. */
export const MIN_CALLBACK_SECRET_LENGTH = 32;

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
export class CallbackSigner {
  /** Built once per configuration: createHmac then takes the key without copying a string each call. */
  private readonly keys: readonly KeyObject[];

  /** The error names the entry's position, never its value. */
  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('CALLBACK_SIGNING_SECRET holds no secret (leave it unset to send requests unsigned)');
    this.keys = secrets.map((secret, i) => {
      if (/\s/.test(secret)) throw new Error(`CALLBACK_SIGNING_SECRET entry ${i + 1} contains whitespace`);
      if (secret.length < MIN_CALLBACK_SECRET_LENGTH) {
        throw new Error(`CALLBACK_SIGNING_SECRET entry ${i + 1} is shorter than ${MIN_CALLBACK_SECRET_LENGTH} characters`);
      }
      return createSecretKey(Buffer.from(secret, 'utf8'));
    });
  }

  /** The header value for `body` (the exact text sent; '' without a body) sent at `nowMs`. */
  sign(body: string, nowMs: number): string {
    const t = String(Math.floor(nowMs / 1000));
    let value = `t=${t}`;
    // updated in two parts rather than on `${t}.${body}`: a body of megabytes is not copied per secret
    for (const key of this.keys) value += `,v1=${createHmac('sha256', key).update(`${t}.`).update(body).digest('hex')}`;
    return value;
  }
}
