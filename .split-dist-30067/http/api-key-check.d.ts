/** What a request may do: write (an API_KEYS key), read (an API_KEYS_READONLY key), open (no keys configured). */
export type ApiAccess = 'write' | 'read' | 'open';
/** The key id of `key`: `k_` and the first 12 hex characters of its sha256 (never the key itself). */
export declare function apiKeyId(key: string): string;
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
export declare class ApiKeyCheck {
    private readonly known;
    constructor(writeKeys: readonly string[], readOnlyKeys?: readonly string[]);
    /** Keys are enforced: either list has a key. */
    get enabled(): boolean;
    /** The presented key's access and id, or undefined when no configured key matches. */
    identify(presented: string): AcceptedKey | undefined;
}
