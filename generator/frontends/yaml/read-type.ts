import type { JsonNode } from "../json/json-node.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { ChoiceGroupDescription } from "../../description/description.js";
import type { TypeBodyAst } from "./yaml-ast.js";
import type { Entries, SchemaReader } from "./schema-reader.js";
import { DOC_KEYS, readDocs } from "./read-docs.js";
import { readFields } from "./read-field.js";

export const TYPE_BODY_KEYS = [
  "extends",
  "fields",
  "choice",
  "choices",
  "opaque",
  "open",
  "gap",
  ...DOC_KEYS,
] as const;

/** Reads a type body: a declared type, or an operation's request or response. */
export function readTypeBody(
  r: SchemaReader,
  node: JsonNode,
  at: Position,
  what: string,
  extraKeys: readonly string[] = [],
): { body: TypeBodyAst; entries: Entries } | undefined {
  const e = r.map(node, at, what, [...TYPE_BODY_KEYS, ...extraKeys]);
  if (!e) return undefined;
  return { body: typeBodyFrom(r, e, at, what), entries: e };
}

/** One entry of `choices`: `{ fields: [a, b], required: true }` (exactly one; `required: false`, at most one). */
function readChoiceGroup(r: SchemaReader, node: JsonNode): ChoiceGroupDescription | undefined {
  const at = r.at(node);
  const e = r.map(node, at, "a choice group", ["fields", "required"]);
  if (!e) return undefined;
  if (!e.has("fields")) {
    r.error(at, 'a choice group needs "fields" (the names of two or more of the type\'s fields)');
    return undefined;
  }
  const fields = r.seq(e.get("fields"), "fields").flatMap((item) => {
    const name = r.scalarText(item, r.at(item), "a field name");
    return name === undefined ? [] : [{ name, at: r.at(item) }];
  });
  return { fields, required: r.boolean(e.get("required"), "required") ?? true, at };
}

export function typeBodyFrom(r: SchemaReader, e: Entries, at: Position, what: string): TypeBodyAst {
  const choice = r.boolean(e.get("choice"), "choice") ?? false;
  const opaque = r.boolean(e.get("opaque"), "opaque") ?? false;
  const open = r.boolean(e.get("open"), "open") ?? false;
  const kind = opaque ? "opaque" : choice ? "choice" : "object";
  if (choice && opaque)
    r.error(e.get("opaque")!.keyAt, `${what} cannot be both a choice and opaque`);
  const fields = e.has("fields") ? readFields(r, r.seq(e.get("fields"), "fields")) : [];
  if (opaque && e.has("fields"))
    r.error(e.get("fields")!.keyAt, `${what} is opaque and cannot list fields`);
  if (opaque && !e.has("gap"))
    r.error(at, `${what} is opaque: name the gap that explains why ("gap: ID")`);
  const extendsName = r.string(e.get("extends"), "extends");
  if (extendsName !== undefined && kind !== "object")
    r.error(e.get("extends")!.keyAt, `only object types can extend another type`);
  const gapName = r.string(e.get("gap"), "gap");
  const choices = r
    .seq(e.get("choices"), "choices")
    .flatMap((node) => readChoiceGroup(r, node) ?? []);
  return {
    at,
    kind,
    ...(extendsName !== undefined
      ? { extends: { name: extendsName, at: e.get("extends")!.at } }
      : {}),
    fields,
    ...(choices.length > 0 ? { choices } : {}),
    open,
    ...(gapName !== undefined ? { gap: { name: gapName, at: e.get("gap")!.at } } : {}),
    ...readDocs(r, e),
  };
}
