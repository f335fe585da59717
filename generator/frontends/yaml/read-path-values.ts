import type { Entries, SchemaReader } from "./schema-reader.js";
import type { PathDefaultDescription } from "../../description/description.js";
import type { PathValueAst } from "./yaml-ast.js";

/** A map of dotted request paths to constant values (`constants:` of a flow or a request), in the order written. */
export function readPathValues(r: SchemaReader, e: Entries, key: string): PathValueAst[] {
  const pe = e.get(key);
  if (!pe) return [];
  return r.namedMap(pe.node, pe.at, key).flatMap((p) => {
    const value = r.constant(p, `${key} value`);
    return value === undefined ? [] : [{ path: p.key, value, at: p.keyAt }];
  });
}

/** A flow's `defaults:`: like constants, and a list field may take a list of values (`eventTypes: [a, b]`). */
export function readPathDefaults(
  r: SchemaReader,
  e: Entries,
  key: string,
): PathDefaultDescription[] {
  const pe = e.get(key);
  if (!pe) return [];
  return r.namedMap(pe.node, pe.at, key).flatMap((p): PathDefaultDescription[] => {
    if (p.node.kind === "array") {
      const items = p.node.items.map((item) =>
        r.constant({ key: p.key, keyAt: p.keyAt, node: item, at: r.at(item) }, `${key} value`),
      );
      return items.every((v) => v !== undefined)
        ? [{ path: p.key, value: items as (string | number | boolean)[], at: p.keyAt }]
        : [];
    }
    const value = r.constant(p, `${key} value`);
    return value === undefined ? [] : [{ path: p.key, value, at: p.keyAt }];
  });
}
