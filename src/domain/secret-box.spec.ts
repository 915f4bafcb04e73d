import { randomBytes } from 'node:crypto';
import { isSealed, SecretBox, SEALED_PREFIX } from './secret-box';

describe('SecretBox', () => {
  const oldKey = randomBytes(32).toString('base64');
  const newKey = randomBytes(32).toString('hex');

  it('seals with AES-256-GCM under the first key, so the value is nowhere in the sealed text, and opens it again', () => {
    const box = new SecretBox([oldKey]);
    const secret = `Bearer sk_live_${randomBytes(12).toString('hex')}`;
    const sealed = box.seal(secret, 'http-header:authorization');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString('base64url'));
    expect(box.open(sealed, 'http-header:authorization')).toBe(secret);
    // a fresh IV each time
    expect(box.seal(secret, 'http-header:authorization')).not.toBe(sealed);
  });

  it('rotates: the first key seals, every key opens, and a value whose key was dropped names the key, not the value', () => {
    const before = new SecretBox([oldKey]).seal('s3cret-value', 'c');
    const rotating = new SecretBox([newKey, oldKey]);
    expect(rotating.open(before, 'c')).toBe('s3cret-value');
    const after = rotating.seal('s3cret-value', 'c');
    const afterKeyId = after.slice(SEALED_PREFIX.length).split(':')[0];
    const beforeKeyId = before.slice(SEALED_PREFIX.length).split(':')[0];
    expect(afterKeyId).not.toBe(beforeKeyId);
    const rotated = new SecretBox([newKey]);
    expect(rotated.open(after, 'c')).toBe('s3cret-value');
    expect(() => rotated.open(before, 'c')).toThrow(`sealed with key ${beforeKeyId}, which SECRETS_KEYS does not hold`);
  });

  it('refuses a value altered or moved to another context', () => {
    const box = new SecretBox([oldKey]);
    const sealed = box.seal('value', 'http-header:authorization');
    expect(() => box.open(sealed, 'http-header:x-api-key')).toThrow('does not open');
    const [head, tail] = [sealed.slice(0, -4), sealed.slice(-4)];
    const altered = head + (tail[0] === 'A' ? 'B' : 'A') + tail.slice(1);
    expect(() => box.open(altered, 'http-header:authorization')).toThrow('does not open');
    expect(() => box.open('Bearer x', 'c')).toThrow('not a sealed value');
  });

  it('without keys wraps rather than encrypts, and still opens what it wrapped', () => {
    const box = new SecretBox();
    expect(box.encrypts).toBe(false);
    const sealed = box.seal('plain-value', 'c');
    expect(sealed.startsWith(`${SEALED_PREFIX}plain:`)).toBe(true);
    expect(box.open(sealed, 'c')).toBe('plain-value');
    expect(new SecretBox([oldKey]).open(sealed, 'c')).toBe('plain-value');
  });

  it('takes 32-byte keys in base64 or hex, and an error names the entry without printing it', () => {
    expect(new SecretBox([randomBytes(32).toString('base64url')]).encrypts).toBe(true);
    const short = randomBytes(16).toString('hex');
    expect(() => new SecretBox([oldKey, short])).toThrow('SECRETS_KEYS entry 2 is not a 32-byte key');
    let message = '';
    try {
      new SecretBox([short]);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('SECRETS_KEYS entry 1');
    expect(message).not.toContain(short);
  });
});
