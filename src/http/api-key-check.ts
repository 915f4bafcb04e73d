import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** What a request may do: write (an API_KEYS key), read (an API_KEYS_READONLY key), open (no keys configured). */
export type ApiAccess = 'write' | 'read' | 'open';

/** A key that names its holder in logs and the audit trail without revealing it. */
const keyIdOf = (keyDigest: Buffer): string => `k_${keyDigest.toString('hex').slice(0, 12)}`;

/** The key id of `key`: `k_` and the first 12 hex characters of its sha256 (never the key itself). */
export function apiKeyId(key: string): string {
  return keyIdOf(digest(key));
}

/** A presented key that matched: its access and its id. */
export interface AcceptedKey {
  access: 'write' | 'read';
  keyId: string;
}

/**
 * Compares a presented key with every accepted key in constant time: both sides are hashed to the
 * same length first (timingSafeEqual needs equal lengths, and the length must not leak either),
 * and every key of both lists is compared, so the time taken says nothing about which key came
 * close, nor whether the key is a read-only one.
 */
export class ApiKeyCheck {
  private readonly known: { digest: Buffer; access: 'write' | 'read' }[];

  constructor(writeKeys: readonly string[], readOnlyKeys: readonly string[] = []) {
    this.known = [...writeKeys.map((key) => ({ digest: digest(key), access: 'write' as const })), ...readOnlyKeys.map((key) => ({ digest: digest(key), access: 'read' as const }))];
  }

  /** Keys are enforced: either list has a key. */
  get enabled(): boolean {
    return this.known.length > 0;
  }

  /** The presented key's access and id, or undefined when no configured key matches. */
  identify(presented: string): AcceptedKey | undefined {
    const candidate = digest(presented);
    let write = false;
    let read = false;
    for (const key of this.known) {
      const match = timingSafeEqual(candidate, key.digest);
      if (key.access === 'write') write = match || write;
      else read = match || read;
    }
    if (!write && !read) return undefined;
    return { access: write ? 'write' : 'read', keyId: keyIdOf(candidate) };
  }
}
