import { createHmac, randomBytes } from 'node:crypto';
import { CALLBACK_SIGNATURE_HEADER, CallbackSignatureError, CallbackSignatureFailure, verifyCallback, VerifyCallbackOptions } from '../src/verify-callback';

const NOW = 1_767_225_600_000;
const T = NOW / 1000;
const BODY = '{"id":"q-0000000000AAAAAAAAAA","status":"succeeded","result":{"note":"Grüße ✓"}}';

/** A header as claimq writes it: t, then one v1 per secret, in order. */
function sign(body: string | Uint8Array, secrets: string[], t = T): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${createHmac('sha256', s).update(`${t}.`).update(body).digest('hex')}`)].join(',');
}

function failureOf(options: VerifyCallbackOptions): CallbackSignatureFailure {
  try {
    verifyCallback(options);
  } catch (err) {
    expect(err).toBeInstanceOf(CallbackSignatureError);
    expect((err as Error).name).toBe('CallbackSignatureError');
    return (err as CallbackSignatureError).reason;
  }
  throw new Error('verifyCallback accepted it');
}

describe('verifyCallback', () => {
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const other = `whsec_${randomBytes(24).toString('hex')}`;

  it('names the header as Node keys it', () => {
    expect(CALLBACK_SIGNATURE_HEADER).toBe('claimq-signature');
  });

  it('accepts a valid signature and returns the signed timestamp', () => {
    expect(verifyCallback({ body: BODY, signature: sign(BODY, [secret]), secrets: secret, now: NOW })).toBe(T);
    expect(verifyCallback({ body: BODY, signature: sign(BODY, [secret]), secrets: [other, secret], now: NOW })).toBe(T);
  });

  it('refuses a tampered body', () => {
    const header = sign(BODY, [secret]);
    expect(failureOf({ body: BODY.replace('succeeded', 'failed'), signature: header, secrets: secret, now: NOW })).toBe('no_matching_signature');
    expect(failureOf({ body: `${BODY} `, signature: header, secrets: secret, now: NOW })).toBe('no_matching_signature');
  });

  it('refuses a signature made with another secret', () => {
    expect(failureOf({ body: BODY, signature: sign(BODY, [other]), secrets: secret, now: NOW })).toBe('no_matching_signature');
  });

  it('refuses a forged timestamp: t is part of what is signed', () => {
    const header = sign(BODY, [secret]).replace(`t=${T}`, `t=${T + 600}`);
    expect(failureOf({ body: BODY, signature: header, secrets: secret, now: NOW + 600_000 })).toBe('no_matching_signature');
  });

  it('verifies during a rotation: a header signed with [new, old] passes a receiver holding only either', () => {
    const header = sign(BODY, [other, secret]);
    expect(verifyCallback({ body: BODY, signature: header, secrets: [secret], now: NOW })).toBe(T);
    expect(verifyCallback({ body: BODY, signature: header, secrets: other, now: NOW })).toBe(T);
    expect(failureOf({ body: BODY, signature: header, secrets: `whsec_${randomBytes(24).toString('hex')}`, now: NOW })).toBe('no_matching_signature');
  });

  it('refuses a captured request replayed after the tolerance, and one signed too far ahead', () => {
    const header = sign(BODY, [secret]);
    expect(verifyCallback({ body: BODY, signature: header, secrets: secret, now: NOW + 300_000 })).toBe(T);
    expect(failureOf({ body: BODY, signature: header, secrets: secret, now: NOW + 301_000 })).toBe('timestamp_outside_tolerance');
    expect(failureOf({ body: BODY, signature: header, secrets: secret, now: NOW + 600_000 })).toBe('timestamp_outside_tolerance');
    expect(failureOf({ body: BODY, signature: header, secrets: secret, now: NOW - 301_000 })).toBe('timestamp_outside_tolerance');
    expect(failureOf({ body: BODY, signature: header, secrets: secret, now: NOW + 61_000, toleranceSeconds: 60 })).toBe('timestamp_outside_tolerance');
    expect(verifyCallback({ body: BODY, signature: header, secrets: secret, now: NOW + 3_600_000, toleranceSeconds: 3_600 })).toBe(T);
  });

  it('checks against Date.now() by default', () => {
    const fresh = Math.floor(Date.now() / 1000);
    expect(verifyCallback({ body: BODY, signature: sign(BODY, [secret], fresh), secrets: secret })).toBe(fresh);
    expect(failureOf({ body: BODY, signature: sign(BODY, [secret], fresh - 3_600), secrets: secret })).toBe('timestamp_outside_tolerance');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['an empty list', []],
  ])('refuses a missing header (%s)', (_case, signature) => {
    expect(failureOf({ body: BODY, signature, secrets: secret, now: NOW })).toBe('missing_header');
  });

  it.each([
    ['no t', () => sign(BODY, [secret]).replace(/^t=\d+,/, '')],
    ['a non-numeric t', () => sign(BODY, [secret]).replace(/^t=\d+/, 't=soon')],
    ['a negative t', () => sign(BODY, [secret]).replace(/^t=/, 't=-')],
    ['two t', () => `t=${T},${sign(BODY, [secret])}`],
    ['no v1', () => `t=${T}`],
    ['only an unknown scheme', () => `t=${T},v0=${'0'.repeat(64)}`],
    ['garbage', () => 'garbage'],
    ['an item without a scheme', () => `${sign(BODY, [secret])},=x`],
  ])('refuses a malformed header: %s', (_case, header) => {
    expect(failureOf({ body: BODY, signature: header(), secrets: secret, now: NOW })).toBe('malformed_header');
  });

  it('takes a v1 that is not hex as a signature that does not match', () => {
    expect(failureOf({ body: BODY, signature: `t=${T},v1=not-hex`, secrets: secret, now: NOW })).toBe('no_matching_signature');
  });

  it('verifies a Uint8Array body (a raw Buffer) byte for byte', () => {
    const bytes = Buffer.from(BODY, 'utf8');
    expect(verifyCallback({ body: bytes, signature: sign(BODY, [secret]), secrets: secret, now: NOW })).toBe(T);
    expect(verifyCallback({ body: new Uint8Array(bytes), signature: sign(bytes, [secret]), secrets: secret, now: NOW })).toBe(T);
    const flipped = Uint8Array.from(bytes);
    flipped[10] ^= 1;
    expect(failureOf({ body: flipped, signature: sign(BODY, [secret]), secrets: secret, now: NOW })).toBe('no_matching_signature');
  });

  it('verifies an empty body', () => {
    expect(verifyCallback({ body: '', signature: sign('', [secret]), secrets: secret, now: NOW })).toBe(T);
  });

  it('ignores schemes it does not know, and spaces around items', () => {
    const v1 = sign(BODY, [secret]).split(',')[1];
    expect(verifyCallback({ body: BODY, signature: `t=${T}, v0=${'ab'.repeat(32)}, ${v1}, v2=future`, secrets: secret, now: NOW })).toBe(T);
  });

  it('takes a header given as a list (a framework that keeps repeated headers apart)', () => {
    const [t, ...v1s] = sign(BODY, [other, secret]).split(',');
    expect(verifyCallback({ body: BODY, signature: [t, v1s.join(',')], secrets: secret, now: NOW })).toBe(T);
  });

  it('refuses to run without a secret or with a negative tolerance (a receiver bug, not a bad request)', () => {
    const header = sign(BODY, [secret]);
    expect(() => verifyCallback({ body: BODY, signature: header, secrets: [], now: NOW })).toThrow(TypeError);
    expect(() => verifyCallback({ body: BODY, signature: header, secrets: '', now: NOW })).toThrow(TypeError);
    expect(() => verifyCallback({ body: BODY, signature: header, secrets: secret, now: NOW, toleranceSeconds: -1 })).toThrow(TypeError);
  });
});
