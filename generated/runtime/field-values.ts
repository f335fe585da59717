/**
 * What the described writers and redactors (a server's `writeFields`,
 * `redact-fields.ts`) share: a field's shape, its value read as an own
 * property, each of its values rewritten, and an own property set whatever
 * its name.
 */
import { defineOwn, mapValues } from "./read-values.js";

/** What a field holds: one value (the default), a list of values, a map of values, or a map of lists. */
export type FieldShape = "list" | "map" | "map of lists";

/**
 * A field's value, read as an own property only: a field named like an
 * `Object.prototype` member is absent unless the value has it (every such
 * member but `__proto__` is a function).
 */
export function ownValue(from: Record<string, unknown>, name: string): unknown {
  const v = from[name];
  return v !== undefined &&
    (typeof v === "function" || name === "__proto__") &&
    !Object.hasOwn(from, name)
    ? undefined
    : v;
}

/** A present value rewritten by `one`: each item of a list, each entry of a map; `null` stays null. */
export function eachValue(
  v: unknown,
  one: (value: unknown) => unknown,
  shape?: FieldShape,
): unknown {
  if (shape === undefined) return v === null ? null : one(v);
  const some = (item: unknown): unknown => (item === null ? null : one(item));
  if (shape === "list") return (v as readonly unknown[]).map(some);
  return mapValues(v as { readonly [key: string]: unknown }, (entry) =>
    shape === "map" || entry === null ? some(entry) : (entry as readonly unknown[]).map(some),
  );
}

/** Sets an own property, whatever its name (`__proto__` included). */
export function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") defineOwn(out, key, value);
  else out[key] = value;
}
