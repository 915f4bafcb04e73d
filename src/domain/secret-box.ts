import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Every sealed value starts with this, so a reader knows it from a value a client wrote. */
export const SEALED_PREFIX = 'claimq-secret:v1:';
const PLAIN = 'plain';
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** A sealed value that cannot be opened: its key is gone, or it was altered. Says which key, never the value. */
export class SecretOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretOpenError';
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

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
export class SecretBox {
  private readonly keys: readonly Key[];

  /** `keys`: 32-byte keys in base64 (44 characters) or hex (64 characters). The error names the entry's position, never its value. */
  constructor(keys: readonly string[] = []) {
    this.keys = keys.map((text, i) => {
      const bytes = decodeKey(text.trim());
      if (!bytes) throw new Error(`SECRETS_KEYS entry ${i + 1} is not a 32-byte key in base64 (44 characters) or hex (64 characters)`);
      return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
    });
  }

  /** Whether seal() encrypts (SECRETS_KEYS is set) or only wraps. */
  get encrypts(): boolean {
    return this.keys.length > 0;
  }

  seal(plaintext: string, context: string): string {
    const key = this.keys[0];
    if (!key) return `${SEALED_PREFIX}${PLAIN}:${Buffer.from(plaintext).toString('base64url')}`;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: 16 }).setAAD(Buffer.from(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${key.id}:${[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
  }

  open(sealed: string, context: string): string {
    if (!isSealed(sealed)) throw new SecretOpenError('not a sealed value');
    const rest = sealed.slice(SEALED_PREFIX.length);
    const colon = rest.indexOf(':');
    const [keyId, body] = [rest.slice(0, colon), rest.slice(colon + 1)];
    if (keyId === PLAIN) return Buffer.from(body, 'base64url').toString('utf8');
    const key = this.keys.find((k) => k.id === keyId);
    if (!key) throw new SecretOpenError(`sealed with key ${keyId}, which SECRETS_KEYS does not hold`);
    const [iv, ciphertext, tag] = body.split('.').map((part) => Buffer.from(part, 'base64url'));
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: 16 }).setAAD(Buffer.from(context)).setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretOpenError(`sealed with key ${keyId} but does not open with it (altered, or sealed for another field)`);
    }
  }
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

function decodeKey(text: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text, 'base64');
    return bytes.length === KEY_BYTES ? bytes : undefined;
  }
  return undefined;
}
