import type { FieldAst } from "./yaml-ast.js";
import type { Diagnostics } from "../../diagnostics/diagnostic.js";

/**
 * Turns dotted REST field names into nested inline objects, merging fields
 * that share a prefix in order of first appearance:
 * `a.b.c`, `a.b.d`, `a.e` become `a { b { c, d }, e }`.
 */
export function expandPaths(fields: readonly FieldAst[], diagnostics: Diagnostics): FieldAst[] {
  interface Node {
    field?: FieldAst;
    children: Map<string, Node>;
    at: FieldAst["at"];
  }
  const root: Node = { children: new Map(), at: fields[0]?.at ?? { file: "", line: 1, col: 1 } };
  for (const field of fields) {
    const parts = field.name.split(".");
    if (parts.some((p) => p.length === 0)) {
      diagnostics.error(field.at, `field path "${field.name}" has an empty segment`);
      continue;
    }
    let node = root;
    for (const [i, part] of parts.entries()) {
      const last = i === parts.length - 1;
      let child = node.children.get(part);
      if (!child) {
        child = { children: new Map(), at: field.at };
        node.children.set(part, child);
      }
      if (last) {
        if (child.field) diagnostics.error(field.at, `field "${field.name}" is declared twice`);
        else child.field = { ...field, name: part };
      }
      node = child;
    }
  }
  const build = (node: Node, prefix: string): FieldAst[] =>
    [...node.children.entries()].map(([name, child]) => {
      const path = prefix === "" ? name : `${prefix}.${name}`;
      if (child.children.size === 0) return child.field!;
      const nested = build(child, path);
      if (child.field) {
        if (child.field.type) {
          diagnostics.error(
            child.field.at,
            `field "${path}" has a type and also nested fields ("${path}.…")`,
          );
          return child.field;
        }
        return {
          ...child.field,
          fields: [...expandPaths(child.field.fields ?? [], diagnostics), ...nested],
        };
      }
      return {
        name,
        at: child.at,
        required: false,
        facets: [],
        examples: [],
        notes: [],
        fields: nested,
      };
    });
  return build(root, "");
}

/** Recursively expands paths in inline fields too. */
export function expandAll(fields: readonly FieldAst[], diagnostics: Diagnostics): FieldAst[] {
  return expandPaths(fields, diagnostics).map((f) =>
    f.fields ? { ...f, fields: expandAll(f.fields, diagnostics) } : f,
  );
}
