import type { SchemaObject } from '@nestjs/swagger';
/**
 * Any JSON value (object, array, string, number, boolean or null) in OpenAPI 3.0, which has no
 * `null` type: null is the object branch's `nullable`. Generated clients type it as the union of
 * the five rather than `object`, which a payload of `null`, `[1, 2]` or `"hi"` is not.
 */
export declare const JSON_VALUE_BRANCHES: SchemaObject[];
/** ApiProperty options of a field that holds any JSON value. */
export declare const jsonValueProperty: (description: string) => {
    description: string;
    oneOf: SchemaObject[];
};
