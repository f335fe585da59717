import type { Entries, NodeReader } from "./node-reader.js";
import type { PathValueAst } from "./yaml-ast.js";

/** A map of dotted request paths to constant values (`constants:` and `defaults:` of a flow, `constants:` of a request), in the order written. */
export function readPathValues(r: NodeReader, e: Entries, key: string): PathValueAst[] {
  const pe = e.get(key);
  if (!pe) return [];
  return r.namedMap(pe.node, pe.at, key).flatMap((p) => {
    const value = r.constant(p, `${key} value`);
    return value === undefined ? [] : [{ path: p.key, value, at: p.keyAt }];
  });
}
