import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
/**
 * The global pipe: unknown fields are refused (not silently dropped), bodies become DTO instances
 * (@OpaqueJson values kept as sent, whatever their keys), too-deep bodies are refused before anything walks them,
 * strings PostgreSQL cannot store (NUL, lone surrogates) are refused by field, and
 * every failure is a 400 listing each field and its reason.
 */
export declare class ApiValidationPipe extends ValidationPipe {
    constructor();
    transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown>;
    /**
     * Nest closes the gaps of sparse arrays, which only a urlencoded or multipart body can make:
     * bodies here are JSON only (JSON.parse makes no gaps), and the walk went through every
     * payload, millions of items for a large one.
     */
    protected closeArrayGaps(_value: unknown): void;
    /** Payloads keep their `__proto__`, `constructor` and `prototype` keys: see stripProtoKeysOutsideOpaque. */
    protected stripProtoKeys(value: unknown): void;
}
