type DtoClass = new () => object;
export interface OpaqueJsonOptions {
    /** A DTO class to build the value as (and so validate it), given the raw object that holds it; undefined: keep it raw. */
    as?: (owner: Record<string, unknown>) => DtoClass | undefined;
}
/**
 * Marks a property as client JSON the service does not look into (a job payload): class-transformer
 * skips it (its walk recurses, so a deep value overflowed the stack, and it copied every byte), and
 * opaqueJsonTransformer puts the request's own value back, by reference, before validation.
 */
export declare function OpaqueJson(options?: OpaqueJsonOptions): PropertyDecorator;
/** The opaque properties a DTO class declares. */
export declare function opaqueJsonProperties(dto: Function): ReadonlyMap<string, OpaqueJsonOptions> | undefined;
/** Every property name declared opaque, on any DTO. */
export declare function opaqueJsonNames(): ReadonlySet<string>;
/**
 * Whether `owner[key]` is opaque client JSON kept as sent (a job payload), which a walk of the
 * request's own structure skips. An opaque value built as a DTO (an http job's payload, whose url
 * and headers are validated) is the request's structure again.
 */
export declare function isRawOpaqueValue(owner: Record<string, unknown>, key: string): boolean;
export {};
