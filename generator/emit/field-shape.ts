import type { Field } from "../model/ir.js";

/**
 * A field's shape as the runtime's described writers and redactors take it
 * (`runtime/field-values.ts`): a list, a map, a map of lists, or one value (`undefined`).
 */
export function fieldShape(f: Field): "list" | "map" | "map of lists" | undefined {
  return f.map ? (f.list ? "map of lists" : "map") : f.list ? "list" : undefined;
}
