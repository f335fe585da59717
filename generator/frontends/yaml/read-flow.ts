import type { FlowAst } from "./yaml-ast.js";
import type { Entry, SchemaReader } from "./schema-reader.js";
import { DOC_KEYS, readDocs } from "./read-docs.js";
import { readPathDefaults, readPathValues } from "./read-path-values.js";

const FLOW_NAME = /^[a-z][A-Za-z0-9]*$/;

/** Reads one entry of `flows:`. */
export function readFlow(r: SchemaReader, entry: Entry): FlowAst | undefined {
  if (!FLOW_NAME.test(entry.key))
    r.error(entry.keyAt, `flow name "${entry.key}" must be lowerCamel`);
  const e = r.map(entry.node, entry.at, `flow "${entry.key}"`, [
    "title",
    "operation",
    "type",
    "sample",
    "supports",
    "required",
    "constants",
    "defaults",
    "combinesWith",
    "from",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  // A flow builds an operation's request, or a value of a type that no operation sends (given to a wallet provider, say).
  const operation = r.string(e.get("operation"), "operation");
  const type = r.string(e.get("type"), "type");
  if (operation === undefined && type === undefined) {
    r.error(
      entry.keyAt,
      `flow "${entry.key}" needs "operation" (the request it builds) or "type" (the value it builds)`,
    );
    return undefined;
  }
  if (operation !== undefined && type !== undefined)
    r.error(
      e.get("type")!.keyAt,
      `flow "${entry.key}" gives both "operation" and "type"; give one`,
    );
  const supports = e.has("supports")
    ? r.namedMap(e.get("supports")!.node, e.get("supports")!.at, "supports").flatMap((s) => {
        const name = r.string(s, "an enum name");
        return name === undefined ? [] : [{ label: s.key, at: s.keyAt, enum: { name, at: s.at } }];
      })
    : [];
  const sample = r.boolean(e.get("sample"), "sample");
  const required: { path: string; at: FlowAst["at"] }[] = [];
  const exactlyOne: { paths: string[]; at: FlowAst["at"] }[] = [];
  for (const node of r.seq(e.get("required"), "required")) {
    // A list item that is itself a list names paths of which exactly one is required.
    if (node.kind === "array") {
      const paths = node.items
        .map((item) => r.scalarText(item, r.at(item), "a required path"))
        .filter((p): p is string => p !== undefined);
      if (paths.length < 2)
        r.error(
          r.at(node),
          "a group of required paths names at least two, of which exactly one is required",
        );
      else exactlyOne.push({ paths, at: r.at(node) });
      continue;
    }
    const path = r.scalarText(node, r.at(node), "a required path");
    if (path !== undefined) required.push({ path, at: r.at(node) });
  }
  const combinesWith = r
    .seq(e.get("combinesWith"), "combinesWith")
    .map((node) => ({ name: r.scalarText(node, r.at(node), "a flow name"), at: r.at(node) }))
    .filter((x): x is { name: string; at: FlowAst["at"] } => x.name !== undefined);
  const title = r.prose(e, "title", "title");
  let from: FlowAst["from"];
  const fromEntry = e.get("from");
  if (fromEntry) {
    const f = r.map(fromEntry.node, fromEntry.at, "from", ["operation", "copy"]);
    const op = f ? r.requiredString(f, "operation", fromEntry.at, "from") : undefined;
    const copyEntry = f?.get("copy");
    if (f && !copyEntry) r.error(fromEntry.at, 'from needs "copy" (target path: source path)');
    const copy = copyEntry
      ? r.namedMap(copyEntry.node, copyEntry.at, "copy").flatMap((c) => {
          const source = r.string(c, "a source path");
          return source === undefined ? [] : [{ target: c.key, source, at: c.keyAt }];
        })
      : [];
    if (op !== undefined) from = { operation: { name: op, at: f!.get("operation")!.at }, copy };
  }
  return {
    name: entry.key,
    at: entry.keyAt,
    ...(title !== undefined ? { title } : {}),
    ...(operation !== undefined
      ? { operation: { name: operation, at: e.get("operation")!.at } }
      : {}),
    ...(type !== undefined && operation === undefined
      ? { type: { name: type, at: e.get("type")!.at } }
      : {}),
    ...(sample ? { sample: true } : {}),
    supports,
    required,
    exactlyOne,
    constants: readPathValues(r, e, "constants"),
    defaults: readPathDefaults(r, e, "defaults"),
    combinesWith,
    ...(from ? { from } : {}),
    ...readDocs(r, e),
  };
}
