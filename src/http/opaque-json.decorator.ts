import { Exclude } from 'class-transformer';

type DtoClass = new () => object;

export interface OpaqueJsonOptions {
  /** A DTO class to build the value as (and so validate it), given the raw object that holds it; undefined: keep it raw. */
  as?: (owner: Record<string, unknown>) => DtoClass | undefined;
}

const opaqueByClass = new Map<Function, Map<string, OpaqueJsonOptions>>();
/** opaqueByClass by property name, built on first use after a registration (once, in practice). */
let byName: Map<string, OpaqueJsonOptions[]> | undefined;
let names: ReadonlySet<string> | undefined;

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
    byName = undefined;
    names = undefined;
  };
}

/** The opaque properties a DTO class declares, its own and those of the classes it extends. */
export function opaqueJsonProperties(dto: Function): ReadonlyMap<string, OpaqueJsonOptions> | undefined {
  let merged: Map<string, OpaqueJsonOptions> | undefined;
  for (let c: unknown = dto; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const own = opaqueByClass.get(c);
    if (!own) continue;
    merged ??= new Map();
    for (const [name, options] of own) if (!merged.has(name)) merged.set(name, options);
  }
  return merged;
}

/** The options of every property declared opaque, by property name (one name may be on several DTOs). */
function optionsByName(): Map<string, OpaqueJsonOptions[]> {
  if (byName) return byName;
  byName = new Map();
  for (const opaque of opaqueByClass.values()) {
    for (const [name, options] of opaque) byName.set(name, [...(byName.get(name) ?? []), options]);
  }
  return byName;
}

/** Every property name declared opaque, on any DTO. */
export function opaqueJsonNames(): ReadonlySet<string> {
  return (names ??= new Set(optionsByName().keys()));
}

/**
 * Whether `owner[key]` is opaque client JSON kept as sent (a job payload), which a walk of the
 * request's own structure skips. An opaque value built as a DTO (an http job's payload, whose url
 * and headers are validated) is the request's structure again.
 */
export function isRawOpaqueValue(owner: Record<string, unknown>, key: string): boolean {
  const options = optionsByName().get(key);
  return options !== undefined && !options.some((o) => o.as?.(owner) !== undefined);
}
