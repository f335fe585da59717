import type { ObjectType } from "../model/ir.js";

/**
 * A type's shape without its name: two types of the same shape, one only
 * before and one only after, are one type renamed (its wire form is
 * unchanged, its TypeScript name is not).
 */
export function typeShape(t: ObjectType): string {
  return JSON.stringify([
    t.kind,
    t.base ?? null,
    t.open,
    t.fields.map((f) => [
      f.name,
      f.type,
      f.required,
      f.list ?? null,
      f.const ?? null,
      f.default ?? null,
      f.facets,
      f.sensitive ?? null,
    ]),
  ]);
}
