import { Exclude } from 'class-transformer';

type DtoClass = new () => object;

export interface OpaqueJsonOptions {
  /** A DTO class to build the value as (and so validate it), given the raw object that holds it; undefined: keep it raw. */
  as?: (owner: Record<string, unknown>) => DtoClass | undefined;
}

const opaqueByClass = new Map<Function, Map<string, OpaqueJsonOptions>>();

/**
 * Marks a property as client JSON the service does not look into (a job payload): class-transformer
 * skips it (its walk recurses, so a deep value overflowed the stack, and it copied every byte), and
 * opaqueJsonTransformer puts the request's own value back, by reference, before validation.
 */
export function OpaqueJson(options: OpaqueJsonOptions = {}): PropertyDecorator {
  const exclude = Exclude({ toClassOnly: true });
  return (target, property) => {
    exclude(target, property);
    let opaque = opaqueByClass.get(target.constructor);
    if (!opaque) opaqueByClass.set(target.constructor, (opaque = new Map()));
    opaque.set(String(property), options);
  };
}

/** The opaque properties a DTO class declares. */
export function opaqueJsonProperties(dto: Function): ReadonlyMap<string, OpaqueJsonOptions> | undefined {
  return opaqueByClass.get(dto);
}

/** Every property name declared opaque, on any DTO. */
export function opaqueJsonNames(): Set<string> {
  return new Set([...opaqueByClass.values()].flatMap((opaque) => [...opaque.keys()]));
}

/** The options of every property declared opaque, by property name (one name may be on several DTOs). */
export function opaqueJsonOptionsByName(): Map<string, OpaqueJsonOptions[]> {
  const byName = new Map<string, OpaqueJsonOptions[]>();
  for (const opaque of opaqueByClass.values()) {
    for (const [name, options] of opaque) byName.set(name, [...(byName.get(name) ?? []), options]);
  }
  return byName;
}
