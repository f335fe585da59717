import type { NoteKind } from "../../model/vocabulary.js";
import type { DocsAst } from "./yaml-ast.js";
import type { Entries, SchemaReader } from "./schema-reader.js";

/** Keys every documented construct accepts. */
export const DOC_KEYS = ["doc", "source", "notes", "deprecated"] as const;

const NOTE_KINDS: readonly NoteKind[] = ["contradiction", "interpretation", "contract", "info"];
const SOURCE_PATTERN = /^(\d{3}) §([\s\S]+)$/;

/** Reads `doc`, `source`, `notes` and `deprecated`. */
export function readDocs(r: SchemaReader, entries: Entries): DocsAst {
  const doc = r.prose(entries, "doc", "doc")?.trim();
  const sourceText = r.prose(entries, "source", "source");
  let source: DocsAst["source"];
  if (sourceText !== undefined) {
    const m = SOURCE_PATTERN.exec(sourceText.trim());
    if (m) source = { document: m[1]!, section: m[2]!.trim() };
    else r.error(entries.get("source")!.at, 'source must look like "000 §Section heading"');
  }
  const notes: { kind: NoteKind; text: string }[] = [];
  for (const item of r.seq(entries.get("notes"), "notes")) {
    const e = r.map(item, r.at(item), "note", ["kind", "text"]);
    if (!e) continue;
    const kind = r.requiredString(e, "kind", r.at(item), "note");
    const text = r.requiredProse(e, "text", r.at(item), "note");
    if (kind !== undefined && !NOTE_KINDS.includes(kind as NoteKind)) {
      r.error(e.get("kind")!.at, `note kind must be one of ${NOTE_KINDS.join(", ")}`);
      continue;
    }
    if (kind !== undefined && text !== undefined)
      notes.push({ kind: kind as NoteKind, text: text.trim() });
  }
  const deprecated = r.boolean(entries.get("deprecated"), "deprecated");
  return {
    ...(doc ? { doc } : {}),
    ...(source ? { source } : {}),
    notes,
    ...(deprecated ? { deprecated: true as const } : {}),
  };
}

/** Reads `example` / `examples` as strings. */
export function readExamples(r: SchemaReader, entries: Entries): string[] {
  const out: string[] = [];
  const one = r.proseEntry(entries, "example");
  if (one) {
    const text = r.scalarText(one.node, one.at, "example");
    if (text !== undefined) out.push(text);
  }
  for (const item of r.seq(r.proseEntry(entries, "examples"), "examples")) {
    const text = r.scalarText(item, r.at(item), "example");
    if (text !== undefined) out.push(text);
  }
  return out;
}
