import type { Documented, SourceRef } from "../model/ir.js";
import { commentText } from "./schema-text.js";

/** How a note of each kind is introduced, in doc comments and the README. */
export const NOTE_LABEL = {
  contradiction: "Contradiction in the documents",
  interpretation: "Interpretation",
  contract: "The published contract reads otherwise",
  info: "Note",
} as const;

/**
 * A doc comment before it is rendered: prose and tags kept apart, so that
 * text can never become a tag and a tag is only ever one the emitter chose.
 * Its shape is ts-morph's JSDoc structure, so it can stand in `docs: [...]`;
 * `TsFile` renders every one through {@link renderDoc}.
 */
export interface DocComment {
  readonly description: string;
  readonly tags: { readonly tagName: string; readonly text: string }[];
}

/** Extra lines an emitter adds below the schema documentation. */
export interface DocExtras {
  readonly examples?: readonly string[];
  readonly lines?: readonly string[];
}

/** The doc comment of a documented construct: its doc, its notes, its examples, where it comes from. */
export function docText(item: Documented, extras: DocExtras = {}): DocComment | undefined {
  const parts: string[] = [];
  if (item.doc) parts.push(item.doc);
  for (const line of extras.lines ?? []) parts.push(line);
  for (const note of item.notes) parts.push(`${NOTE_LABEL[note.kind]}: ${note.text}`);
  const tags = [
    ...(item.deprecated ? [{ tagName: "deprecated", text: "" }] : []),
    ...(extras.examples ?? []).map((text) => ({ tagName: "example", text })),
    ...(item.source ? [{ tagName: "see", text: sourceLabel(item.source) }] : []),
  ];
  if (parts.length === 0 && tags.length === 0) return undefined;
  return { description: parts.join("\n\n"), tags };
}

/** Doc comments as one: their descriptions in order, then their tags, each tag once. */
export function joinDocs(...docs: (DocComment | undefined)[]): DocComment | undefined {
  const present = docs.filter((d): d is DocComment => d !== undefined);
  if (present.length === 0) return undefined;
  const tags = present.flatMap((d) => d.tags);
  return {
    description: present
      .map((d) => d.description)
      .filter((text) => text !== "")
      .join("\n\n"),
    tags: tags.filter(
      (tag, i) => tags.findIndex((t) => t.tagName === tag.tagName && t.text === tag.text) === i,
    ),
  };
}

/** A doc comment of the emitter's own prose (which may quote schema text). */
export function doc(...paragraphs: string[]): DocComment {
  return { description: paragraphs.join("\n\n"), tags: [] };
}

/** `lead` as the first paragraph, then `rest` (a construct's own doc comment), when there is one. */
export function docWithLead(lead: string, rest: DocComment | undefined): DocComment {
  if (!rest) return doc(lead);
  return {
    description: rest.description ? `${lead}\n\n${rest.description}` : lead,
    tags: rest.tags,
  };
}

export function sourceLabel(source: SourceRef): string {
  return `document ${source.document}, section "${source.section}"`;
}

/**
 * The text inside `/** ... *\/` for a doc comment or a plain string: every
 * paragraph and every tag's text goes through `commentText`, so nothing can
 * close the comment or add a tag.
 */
export function renderDoc(d: DocComment | string, layout: "block" | "inline" = "block"): string {
  // Inline, line breaks fold first, so no text starts a line (nor needs the escape of one that does).
  const text = (t: string) =>
    commentText(layout === "inline" ? t.replace(/[\r\n\u2028\u2029]+/g, " ") : t);
  if (typeof d === "string") return text(d);
  // Each part alone: the `@` of a tag this emitter chose is kept, any other is escaped.
  const tags = d.tags.map((t) => `@${tagName(t.tagName)} ${text(t.text)}`.trimEnd());
  return [text(d.description), ...tags]
    .filter((p) => p !== "")
    .join(layout === "inline" ? " " : "\n\n");
}

function tagName(name: string): string {
  if (!/^[a-z][a-zA-Z]*$/.test(name))
    throw new Error(`not a JSDoc tag name: ${JSON.stringify(name)}`);
  return name;
}

/** A `/** ... *\/` block for code emitted as text (ts-morph writes its own for structures). */
export function docBlock(d: DocComment | string | undefined, indent = ""): string {
  if (!d) return "";
  const text = renderDoc(d);
  if (!text) return "";
  const lines = text.split("\n");
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ""}`).join("\n")}\n${indent} */\n`;
}

/** A doc comment as ts-morph writes a member's: on one line when its text is one line, else as {@link docBlock}. */
export function memberDoc(d: DocComment | undefined, indent: string): string {
  const text = d ? renderDoc(d) : "";
  if (text === "" || text.includes("\n")) return docBlock(d, indent);
  return `${indent}/** ${text} */\n`;
}

/** A one-line `/** ... *\/ ` comment for a member written inside a type or object literal. */
export function inlineDoc(d: DocComment | undefined): string {
  if (!d) return "";
  const text = renderDoc(d, "inline");
  return text ? `/** ${text} */ ` : "";
}
