/**
 * The one way schema text reaches generated output.
 *
 * Text from a schema or a contract (docs, titles, notes, examples, gap texts,
 * enum values, wire names...) is data. Each output context has one function
 * here that renders any text so it cannot change the structure around it and
 * still reads back as written:
 *
 * | context | function | guarantees |
 * | --- | --- | --- |
 * | a `/** *\/` doc comment | {@link commentText} | cannot close the comment or start a tag, reorder or hide text |
 * | a string literal in code | {@link stringLiteral} | one literal, any character, no invisible or reordering one as itself |
 * | a constant in code | {@link constLiteral} | one string, number or boolean literal |
 * | Markdown text and table cells | {@link markdownText} | cannot open HTML, links, emphasis or a new cell |
 * | a one-line summary of prose, before its context's function | {@link plainProse} | HTML tags dropped, entities read: plain text, still escaped after |
 * | a Markdown code span | {@link markdownCode} | the span cannot be closed early |
 * | a JSON string in a template | {@link jsonString} | one JSON string |
 *
 * Emitters never put schema text anywhere without one of these, and `TsFile`
 * passes every doc comment through `commentText` whatever the emitter did.
 */

import { printedString } from "../format/string-literal.js";

/** Line breaks of any kind, including U+2028 and U+2029. */
const LINE_BREAK = /\r\n|[\r\u2028\u2029]/g;
/**
 * Control characters: invisible, and some editors and tools choke on them;
 * and the bidirectional formatting characters (U+061C, U+200E, U+200F,
 * U+202A to U+202E, U+2066 to U+2069), which reorder how the code or text
 * around them is shown ("Trojan Source").
 */
const CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/**
 * What a string literal writes as a `\u` escape rather than as itself:
 * line and paragraph separators, C1 controls, bidirectional formatting and
 * zero-width characters (U+200B to U+200D, U+2060, U+FEFF). The literal's
 * value is the same; the source shows every character that is there.
 */
const LITERAL_ESCAPED =
  /[\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * Text safe inside a `/** ... *\/` block comment: line breaks become `\n`,
 * control and bidirectional formatting characters are dropped, `*\/` is written `*\/` with a backslash
 * (Markdown renders it as written), and a line starting with `@` gets a
 * backslash so that text never becomes a JSDoc tag. Idempotent.
 */
export function commentText(text: string): string {
  return text
    .replace(LINE_BREAK, "\n")
    .replace(CONTROL, "")
    .replace(/\*\//g, "*\\/")
    .replace(/^(\s*)@/gm, "$1\\@")
    .trim();
}

/**
 * What a reader of a doc comment sees for a text that went through
 * {@link commentText}: the inverse of its escapes (control characters stay dropped).
 */
export function readCommentText(comment: string): string {
  return comment.replace(/\*\\\//g, "*/").replace(/^(\s*)\\@/gm, "$1@");
}

/** `text` as a double-quoted literal, JSON's: invisible and reordering characters written as `\u` escapes. */
function doubleQuoted(text: string): string {
  return JSON.stringify(text).replace(
    LITERAL_ESCAPED,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A TypeScript string literal for any text (also usable as a literal type):
 * invisible and reordering characters written as `\u` escapes, in the quotes
 * prettier prints it in (double, unless the text holds more double quotes
 * than single ones), so a line holding it is in its final layout.
 */
export function stringLiteral(text: string): string {
  return printedString(doubleQuoted(text));
}

/** A literal for a constant of the schema: a string literal, or a finite number or boolean as written. */
export function constLiteral(value: string | number | boolean): string {
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number" && !Number.isFinite(value))
    throw new Error(`not a finite number: ${value}`);
  return String(value);
}

/** A literal for a value a schema gives at a path: one constant, or an array literal of them. */
export function pathValueLiteral(
  value: string | number | boolean | readonly (string | number | boolean)[],
): string {
  return typeof value === "object"
    ? `[${value.map(constLiteral).join(", ")}]`
    : constLiteral(value);
}

/** A JSON string (with its quotes) for a JSON template. */
export function jsonString(text: string): string {
  return doubleQuoted(text);
}

/** Characters that can start a Markdown construct anywhere in a line, escaped with a backslash. */
const MARKDOWN_INLINE = /[\\`*_[\]<>|~&!{}#]/g;

/**
 * Text safe as Markdown, in a paragraph or a table cell: it renders as written.
 * Every character that could open emphasis, a code span, a link, raw HTML
 * (`</script>`), an entity or a new table cell is backslash-escaped, and line
 * breaks fold into spaces (a table row is one line).
 */
export function markdownText(text: string): string {
  return text
    .replace(LINE_BREAK, "\n")
    .replace(CONTROL, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(MARKDOWN_INLINE, (c) => `\\${c}`)
    .replace(/^([-+=])/, "\\$1")
    .replace(/^(\d+)([.)])/, "$1\\$2");
}

/** An HTML tag as contract prose writes one (`<p>`, `</code>`, `<a href="...">`, `<br/>`): a name right after `<`. */
const HTML_TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>]*)?\/?>/g;
/** Elements that break the text around them (a tag of one becomes a space). */
const BLOCK_ELEMENT = /^(?:p|br|hr|div|blockquote|ul|ol|li|dl|dt|dd|table|tr|td|th|h[1-6]|pre)$/i;
const ENTITIES: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

/**
 * Contract prose as plain text, for a one-line summary: HTML tags dropped
 * (OpenAPI descriptions are CommonMark, which a published contract fills with
 * `<p>`, `<code>`, `<a>`...), a block element's leaving a space, and the
 * common entities read. What comes out is still contract text: it goes
 * through the function of its context (`markdownText`) like any other.
 */
export function plainProse(text: string): string {
  return text
    .replace(HTML_TAG, (_, name: string) => (BLOCK_ELEMENT.test(name) ? " " : ""))
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e]!);
}

/**
 * A Markdown code span holding `text` as written: fenced with one backtick
 * more than the longest run of backticks inside it.
 */
export function markdownCode(text: string): string {
  const flat = text.replace(LINE_BREAK, " ").replace(CONTROL, "");
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad =
    flat.startsWith("`") ||
    flat.endsWith("`") ||
    (flat.startsWith(" ") && flat.endsWith(" ") && flat.trim() !== "")
      ? " "
      : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}
