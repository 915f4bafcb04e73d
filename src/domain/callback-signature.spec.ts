import { createHmac, randomBytes } from 'node:crypto';
import { CallbackSigner } from './callback-signature';

/** The reference: the HMAC as a receiver computes it, with the secret as a plain string. */
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('CallbackSigner', () => {
  const current = `cur_${randomBytes(24).toString('hex')}`;
  const previous = `old_${randomBytes(24).toString('hex')}`;

  it('signs "<t>.<body>" with HMAC-SHA256, t in whole unix seconds', () => {
    const body = '{"id":"job-1","status":"succeeded"}';
    expect(new CallbackSigner([current]).sign(body, 1_767_225_600_999)).toBe(`t=1767225600,v1=${hmac(current, `1767225600.${body}`)}`);
  });

  it('gives one v1 per secret, in the configured order, so receivers holding either verify during a rotation', () => {
    const header = new CallbackSigner([current, previous]).sign('{}', 1_000_000);
    expect(header).toBe(`t=1000,v1=${hmac(current, '1000.{}')},v1=${hmac(previous, '1000.{}')}`);
  });

  it('signs the empty string for a request without a body', () => {
    expect(new CallbackSigner([current]).sign('', 5_000)).toBe(`t=5,v1=${hmac(current, '5.')}`);
  });

  it('signs the UTF-8 bytes of the text, as fetch sends them', () => {
    const body = '{"name":"Grüße ✓ 😀"}';
    const expected = createHmac('sha256', current).update(Buffer.from(`7.${body}`, 'utf8')).digest('hex');
    expect(new CallbackSigner([current]).sign(body, 7_000)).toBe(`t=7,v1=${expected}`);
  });

  it('signs each call afresh with the time it is given', () => {
    const signer = new CallbackSigner([current]);
    expect(signer.sign('{}', 1_000)).not.toBe(signer.sign('{}', 2_000));
  });

  it('refuses an empty list, a short secret and one with whitespace, naming the position and never the value', () => {
    // whole messages: nothing of the secret can be in them
    expect(() => new CallbackSigner([])).toThrow(/^CALLBACK_SIGNING_SECRET holds no secret \(leave it unset to send requests unsigned\)$/);
    expect(() => new CallbackSigner([current, 'x'.repeat(31)])).toThrow(/^CALLBACK_SIGNING_SECRET entry 2 is shorter than 32 characters$/);
    expect(() => new CallbackSigner([`${'y'.repeat(20)} ${'z'.repeat(20)}`])).toThrow(/^CALLBACK_SIGNING_SECRET entry 1 contains whitespace$/);
    expect(() => new CallbackSigner(['s'.repeat(32)])).not.toThrow();
  });
});
