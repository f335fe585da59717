import { fillPlaceholders } from "./placeholders.js";

/**
 * Doc comments set into a file after ts-morph printed it. ts-morph's
 * structure printer writes every character of a doc comment through its code
 * writer, which tracks strings and comments one character at a time (a good
 * part of printing a types file); a comment is instead given to it as a
 * short placeholder, and replaced afterwards by the text ts-morph's JSDoc
 * printer writes for it: `/** text *\/` when the text is one line, otherwise
 * `/**`, one ` * line` per line and ` *\/`, at the indentation of the
 * placeholder's own lines.
 *
 * A text that ends a comment or holds a carriage return (which that writer
 * may take for a line break) or a NUL (the placeholder's mark) is printed by
 * ts-morph itself; when the printed file does not hold every placeholder in
 * the shape expected, `fill` returns `undefined` and the caller prints the
 * file with the comments in place.
 */
export class DeferredDocs {
  private readonly texts: string[] = [];

  /** What to give ts-morph in place of a rendered doc comment's text. */
  placeholder(text: string): string {
    if (/[\r\0]|\*\//.test(text)) return text;
    this.texts.push(text);
    // Two lines, so the printed placeholder shows the indentation of the comment's inner lines.
    return `\n\0${this.texts.length - 1}\0`;
  }

  /** The printed text with each placeholder replaced by its comment; `undefined` unless each was found once. */
  fill(printed: string): string | undefined {
    return fillPlaceholders(printed, PRINTED_PLACEHOLDER, this.texts, printedComment);
  }
}

/** A placeholder as ts-morph prints it: `/**`, then ` * <mark>` and ` *\/` at the inner indentation. */
const PRINTED_PLACEHOLDER = /\/\*\*\n(?<indent>[ \t]*) \* \0(?<index>\d+)\0\n\k<indent> \*\//g;

/** The comment ts-morph's JSDoc printer writes for `text`, `indent` before each of its inner lines. */
function printedComment(text: string, indent: string): string {
  const lines = text.split("\n");
  if (lines.length <= 1) {
    const open = `/** ${lines[0]}`;
    return `${open}${open.endsWith(" ") ? "" : " "}*/`;
  }
  const inner = lines[0] === "" ? lines.slice(1) : lines;
  return `/**\n${inner.map((l) => `${indent} *${l ? ` ${l}` : ""}\n`).join("")}${indent} */`;
}
