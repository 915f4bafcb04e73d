import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Compares a presented key with every accepted key in constant time: both sides are hashed to the
 * same length first (timingSafeEqual needs equal lengths, and the length must not leak either),
 * and every key is compared, so the time taken says nothing about which key came close.
 */
export class ApiKeyCheck {
  private readonly digests: Buffer[];

  constructor(keys: readonly string[]) {
    this.digests = keys.map(digest);
  }

  get enabled(): boolean {
    return this.digests.length > 0;
  }

  accepts(presented: string): boolean {
    const candidate = digest(presented);
    let match = false;
    for (const known of this.digests) match = timingSafeEqual(candidate, known) || match;
    return match;
  }
}
