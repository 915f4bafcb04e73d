import { createHash, timingSafeEqual } from 'node:crypto';
import type { WorkerKey, WorkerKeyQueues } from '../domain/worker-key';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * What a request may do: write (an API_KEYS key), read (an API_KEYS_READONLY key), worker (an
 * API_KEYS_WORKER key: claim, heartbeat and settle only), open (no keys configured).
 */
export type ApiAccess = 'write' | 'read' | 'worker' | 'open';

type KeyAccess = Exclude<ApiAccess, 'open'>;

/** A key that names its holder in logs and the audit trail without revealing it. */
const keyIdOf = (keyDigest: Buffer): string => `k_${keyDigest.toString('hex').slice(0, 12)}`;

/** The key id of `key`: `k_` and the first 12 hex characters of its sha256 (never the key itself). */
export function apiKeyId(key: string): string {
  return keyIdOf(digest(key));
}

/** A presented key that matched: its access and its id. */
export interface AcceptedKey {
  access: KeyAccess;
  keyId: string;
  /** A worker key's queues. */
  queues?: WorkerKeyQueues;
}

/**
 * Compares a presented key with every accepted key in constant time: both sides are hashed to the
 * same length first (timingSafeEqual needs equal lengths, and the length must not leak either),
 * and every key of every list is compared, so the time taken says nothing about which key came
 * close, nor which kind of key it is.
 */
export class ApiKeyCheck {
  private readonly known: { digest: Buffer; access: KeyAccess; queues?: WorkerKeyQueues }[];

  constructor(writeKeys: readonly string[], readOnlyKeys: readonly string[] = [], workerKeys: readonly WorkerKey[] = []) {
    this.known = [
      ...writeKeys.map((key) => ({ digest: digest(key), access: 'write' as const })),
      ...readOnlyKeys.map((key) => ({ digest: digest(key), access: 'read' as const })),
      ...workerKeys.map(({ key, queues }) => ({ digest: digest(key), access: 'worker' as const, queues })),
    ];
  }

  /** Keys are enforced: either list has a key. */
  get enabled(): boolean {
    return this.known.length > 0;
  }

  /** The presented key's access and id, or undefined when no configured key matches. */
  identify(presented: string): AcceptedKey | undefined {
    const candidate = digest(presented);
    let matched: (typeof this.known)[number] | undefined;
    for (const key of this.known) {
      // every key is compared, matched or not: the time says nothing of which one matched
      if (timingSafeEqual(candidate, key.digest) && matched === undefined) matched = key;
    }
    if (matched === undefined) return undefined;
    const accepted: AcceptedKey = { access: matched.access, keyId: keyIdOf(candidate) };
    if (matched.queues !== undefined) accepted.queues = matched.queues;
    return accepted;
  }
}
