import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifies the signature claimq puts on its callbacks and `http` job requests when the service
 * runs with CALLBACK_SIGNING_SECRET:
 *
 *   Claimq-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=...]
 *
 * Standalone (node:crypto only): this package is published without the service.
 */

/** The header's name as Node's IncomingMessage and most frameworks key it (lower case). */
export const CALLBACK_SIGNATURE_HEADER = 'claimq-signature';

export type CallbackSignatureFailure = 'missing_header' | 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature';

export class CallbackSignatureError extends Error {
  readonly reason: CallbackSignatureFailure;

  constructor(reason: CallbackSignatureFailure, message: string) {
    super(message);
    this.name = 'CallbackSignatureError';
    this.reason = reason;
  }
}

export interface VerifyCallbackOptions {
  /** The raw request body exactly as received (before any JSON parsing); '' when there is none. */
  body: string | Uint8Array;
  /** The Claimq-Signature header's value (`req.headers['claimq-signature']`). */
  signature: string | string[] | null | undefined;
  /** The secret, or every secret accepted during a rotation (CALLBACK_SIGNING_SECRET's entries). */
  secrets: string | readonly string[];
  /** How far the signed time may be from now, either side (default 300). */
  toleranceSeconds?: number;
  /** The receiver's time in ms (default Date.now()). */
  now?: number;
}

const DEFAULT_TOLERANCE_SECONDS = 300;
/** A v1 signature: hex SHA-256. Anything else cannot match and is skipped. */
const V1_SIGNATURE = /^[0-9a-f]{64}$/i;

/**
 * Throws CallbackSignatureError unless some v1 signature matches some secret and t is within
 * toleranceSeconds of now (either side). Returns the signed timestamp (unix seconds).
 *
 * The signature is checked before the time, so `timestamp_outside_tolerance` means an authentic
 * request that is too old (a replay, or a clock far off) or too far ahead. Unknown schemes
 * (`v0=...`) are ignored, so later signature versions do not break this receiver.
 */
export function verifyCallback(options: VerifyCallbackOptions): number {
  const secrets = typeof options.secrets === 'string' ? [options.secrets] : options.secrets;
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s === '')) {
    throw new TypeError('verifyCallback: secrets must be one or more non-empty strings');
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new TypeError('verifyCallback: toleranceSeconds must be a finite number of 0 or more');

  const { t, signatures } = parseHeader(options.signature);
  const expected = secrets.map((secret) => expectedSignature(secret, t, options.body));
  const matches = expected.some((mine) => signatures.some((theirs) => timingSafeEqual(mine, theirs)));
  if (!matches) throw new CallbackSignatureError('no_matching_signature', 'no v1 signature of the Claimq-Signature header matches the body with any of the secrets');

  const timestamp = Number(t);
  const skew = Math.abs((options.now ?? Date.now()) / 1000 - timestamp);
  if (!(skew <= tolerance)) {
    throw new CallbackSignatureError('timestamp_outside_tolerance', `the Claimq-Signature timestamp is ${Math.round(skew)} s away from now (tolerance ${tolerance} s)`);
  }
  return timestamp;
}

function parseHeader(signature: VerifyCallbackOptions['signature']): { t: string; signatures: Buffer[] } {
  const value = (Array.isArray(signature) ? signature.join(',') : (signature ?? '')).trim();
  if (value === '') throw new CallbackSignatureError('missing_header', 'the request has no Claimq-Signature header');
  const malformed = (why: string) => new CallbackSignatureError('malformed_header', `the Claimq-Signature header ${why}`);

  const timestamps: string[] = [];
  const signatures: Buffer[] = [];
  let v1Count = 0;
  for (const item of value.split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw malformed('is not a list of scheme=value pairs');
    const [scheme, part] = [item.slice(0, eq).trim(), item.slice(eq + 1).trim()];
    if (scheme === 't') timestamps.push(part);
    else if (scheme === 'v1') {
      v1Count++;
      if (V1_SIGNATURE.test(part)) signatures.push(Buffer.from(part, 'hex'));
    }
  }
  if (timestamps.length !== 1) throw malformed(timestamps.length === 0 ? 'has no t= timestamp' : 'has more than one t= timestamp');
  const [t] = timestamps;
  if (!/^\d{1,15}$/.test(t)) throw malformed('has a t= that is not a number of seconds');
  if (v1Count === 0) throw malformed('has no v1= signature');
  return { t, signatures };
}

function expectedSignature(secret: string, t: string, body: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest();
}
