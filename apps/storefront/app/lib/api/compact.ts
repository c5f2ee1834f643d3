/**
 * Magento's schema lets most list entries be null (`[ProductImage]`); the pages never show a null
 * entry, so the catalogue's answers drop them once, here, and the pages work with plain lists.
 */
export type Compact<T> = T extends readonly (infer E)[]
  ? Compact<NonNullable<E>>[]
  : T extends object
    ? { [K in keyof T]: Compact<T[K]> }
    : T;

/** The value with every null entry of every list in it left out (objects and lists are copied). */
export function compact<T>(value: T): Compact<T> {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(compact) as Compact<T>;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = compact(v);
    return out as Compact<T>;
  }
  return value as Compact<T>;
}
