import type { GapAst } from "./yaml-ast.js";
import type { Entry, SchemaReader } from "./schema-reader.js";
import { readDocs } from "./read-docs.js";

const GAP_ID = /^[a-z][a-z0-9-]*$/;

/** Reads one entry of `gaps:`. */
export function readGap(r: SchemaReader, entry: Entry): GapAst | undefined {
  if (!GAP_ID.test(entry.key))
    r.error(entry.keyAt, `gap id "${entry.key}" must be lower-case words joined by "-"`);
  const e = r.map(entry.node, entry.at, `gap "${entry.key}"`, ["text", "extension", "source"]);
  if (!e) return undefined;
  const text = r.requiredProse(e, "text", entry.keyAt, `gap "${entry.key}"`);
  const extension = r.requiredProse(e, "extension", entry.keyAt, `gap "${entry.key}"`);
  if (text !== undefined && !/not shown|not stated|not given|not listed|omitted/i.test(text)) {
    r.error(e.get("text")!.at, `gap text should quote the document's own "not shown" wording`);
  }
  const { source } = readDocs(r, e);
  if (text === undefined || extension === undefined) return undefined;
  return {
    name: entry.key,
    at: entry.keyAt,
    text: text.trim(),
    extension: extension.trim(),
    ...(source ? { source } : {}),
  };
}
