/** Every sealed value starts with this, so a reader knows it from a value a client wrote. */
export declare const SEALED_PREFIX = "claimq-secret:v1:";
/** A sealed value that cannot be opened: its key is gone, or it was altered. Says which key, never the value. */
export declare class SecretOpenError extends Error {
    constructor(message: string);
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
export declare class SecretBox {
    private readonly keys;
    /** `keys`: 32-byte keys in base64 (44 characters) or hex (64 characters). The error names the entry's position, never its value. */
    constructor(keys?: readonly string[]);
    /** Whether seal() encrypts (SECRETS_KEYS is set) or only wraps. */
    get encrypts(): boolean;
    seal(plaintext: string, context: string): string;
    open(sealed: string, context: string): string;
}
export declare function isSealed(value: unknown): value is string;
