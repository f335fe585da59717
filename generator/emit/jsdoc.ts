import type { Documented, SourceRef } from "../model/ir.js";

const NOTE_LABEL = { contradiction: "Contradiction in the documents", interpretation: "Interpretation", info: "Note" } as const;

/** Extra lines an emitter adds below the schema documentation. */
export interface DocExtras {
  readonly examples?: readonly string[];
  readonly lines?: readonly string[];
}

/**
 * The text of a doc comment for a documented construct: its doc, its notes,
 * where it comes from. Schema text is data: it is made unable to close the
 * comment, and control characters are dropped.
 */
export function docText(item: Documented, extras: DocExtras = {}): string | undefined {
  const parts: string[] = [];
  if (item.doc) parts.push(item.doc);
  for (const line of extras.lines ?? []) parts.push(line);
  for (const note of item.notes) parts.push(`${NOTE_LABEL[note.kind]}: ${note.text}`);
  for (const example of extras.examples ?? []) parts.push(`@example ${example}`);
  if (item.source) parts.push(`@see ${sourceLabel(item.source)}`);
  if (parts.length === 0) return undefined;
  return sanitize(parts.join("\n\n"));
}

export function sourceLabel(source: SourceRef): string {
  return `document ${source.document}, section "${source.section}"`;
}

/** Makes text safe inside a block comment. */
export function sanitize(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F\u2028\u2029]/g, "")
    .replace(/\*\//g, "*\u2215")
    .replace(/\/\*/g, "\u2215*")
    .trim();
}

/** A `/** ... *\/` block for code emitted as text (ts-morph writes its own for structures). */
export function docBlock(text: string | undefined, indent = ""): string {
  if (!text) return "";
  const lines = sanitize(text).split("\n");
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ""}`).join("\n")}\n${indent} */\n`;
}
