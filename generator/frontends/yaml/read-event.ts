import type { EventAst } from "./yaml-ast.js";
import type { Entry, SchemaReader } from "./schema-reader.js";
import { DOC_KEYS, readDocs } from "./read-docs.js";

/** Reads one entry of `events:`. */
export function readEvent(r: SchemaReader, entry: Entry): EventAst | undefined {
  const e = r.map(entry.node, entry.at, `event "${entry.key}"`, [
    "product",
    "payload",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  const product = r.string(e.get("product"), "product");
  let payloadGap: EventAst["payloadGap"];
  const payload = e.get("payload");
  if (payload) {
    const p = r.map(payload.node, payload.at, "payload", ["opaque", "gap"]);
    const gap = p ? r.requiredString(p, "gap", payload.at, "payload") : undefined;
    if (p && r.boolean(p.get("opaque"), "opaque") !== true)
      r.error(payload.at, 'event payloads are opaque: write "opaque: true" and the gap');
    if (gap !== undefined) payloadGap = { name: gap, at: p!.get("gap")!.at };
  }
  return {
    name: entry.key,
    at: entry.keyAt,
    ...(product !== undefined ? { product } : {}),
    ...(payloadGap ? { payloadGap } : {}),
    ...readDocs(r, e),
  };
}
