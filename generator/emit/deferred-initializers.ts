import { fillPlaceholders } from "./placeholders.js";

/**
 * Initializers of variables set into a file after ts-morph printed it, as
 * doc comments are (see deferred-docs.ts): ts-morph writes an initializer
 * through its code writer one character at a time, twice (into a writer of
 * its own, then into the file's), then scans the declaration again with
 * TypeScript's scanner to find where a comma would go; a description or a
 * table is most of its file. Each is given to ts-morph as a placeholder of two
 * lines, and replaced afterwards by the text ts-morph writes for it: its first
 * line as written, each other line at the indentation ts-morph gave the
 * placeholder's second line (an empty line stays empty).
 *
 * Only a text whose printing cannot depend on the code writer's state, nor
 * change it past its last line, is deferred: no backquote (a template literal
 * may span lines, which the writer does not indent), no slash (a comment or a
 * regular expression), no carriage return (the writer rewrites line breaks),
 * no NUL (the placeholder's mark) and no backslash at the end of a line. When
 * the printed file does not hold every placeholder in the expected shape,
 * `fill` returns `undefined` and the caller prints the file with the texts in
 * place.
 */
export class DeferredInitializers {
  private readonly texts: string[] = [];

  /** What to give ts-morph in place of the initializer `text` of a variable declared alone. */
  placeholder(text: string): string {
    if (text.trim() === "" || /[`/\r\0]|\\\n/.test(text)) return text;
    this.texts.push(text);
    return `\0i${this.texts.length - 1}\0\n\0`;
  }

  /** The printed text with each placeholder replaced by its initializer; `undefined` unless each was found once. */
  fill(printed: string): string | undefined {
    if (this.texts.length === 0) return printed;
    return fillPlaceholders(printed, PRINTED_PLACEHOLDER, this.texts, printedInitializer);
  }
}

/** A placeholder as ts-morph prints it: the mark, then its second line at the indentation of the lines after the first. */
const PRINTED_PLACEHOLDER = /\0i(?<index>\d+)\0\n(?<indent>[ \t]*)\0/g;

/** The initializer as ts-morph writes it: lines after the first at `indent`, empty lines left empty. */
function printedInitializer(text: string, indent: string): string {
  return text
    .split("\n")
    .map((line, i) => (i === 0 || line === "" ? line : `${indent}${line}`))
    .join("\n");
}
