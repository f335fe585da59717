/**
 * Prettier spends most of its time on long comments (about four fifths of a
 * types file made mostly of documentation), yet prints a doc comment on its
 * own lines exactly as written, only re-indented. So the formatter sets every
 * such comment aside behind a short placeholder comment, formats the rest,
 * and puts the comments back the way prettier prints them. Anything that does
 * not come back exactly once is reported, and the caller formats the
 * original text instead.
 */

/** What `setAside` took out: the comments, by placeholder number. */
export interface SetAside {
  readonly text: string;
  readonly comments: readonly string[];
}

const PLACEHOLDER = "paygen-doc:";
/** A doc comment that fills its lines: indentation, `/**`, anything but the end of the comment, `*\/`, then only spaces. */
const OWN_LINE_DOC = /^([ \t]*)(\/\*\*(?:[^*]|\*(?!\/))*\*\/)[ \t]*$/gm;
const PLACED = new RegExp(`^([ \\t]*)\\/\\*\\*${PLACEHOLDER}(\\d+)\\*\\/$`, "gm");

/**
 * Replaces each doc comment standing on its own lines with `/**paygen-doc:N*\/`.
 * `undefined` when there is none, or when the text already holds the marker.
 */
export function setAside(text: string): SetAside | undefined {
  if (text.includes(PLACEHOLDER)) return undefined;
  const comments: string[] = [];
  const replaced = text.replace(OWN_LINE_DOC, (_line, indent: string, comment: string) => {
    comments.push(comment);
    return `${indent}/**${PLACEHOLDER}${comments.length - 1}*/`;
  });
  return comments.length === 0 ? undefined : { text: replaced, comments };
}

/** Puts the comments back into formatted text; `undefined` unless each placeholder is found once, alone on its line. */
export function putBack(formatted: string, aside: SetAside): string | undefined {
  const seen = new Array<boolean>(aside.comments.length).fill(false);
  let ok = true;
  const restored = formatted.replace(PLACED, (_line, indent: string, n: string) => {
    const index = Number(n);
    const comment = aside.comments[index];
    if (comment === undefined || seen[index]) {
      ok = false;
      return "";
    }
    seen[index] = true;
    return indent + printComment(comment, indent);
  });
  return ok && seen.every(Boolean) && !restored.includes(PLACEHOLDER) ? restored : undefined;
}

/**
 * A block comment as prettier prints it at `indent`: when it spans lines and
 * every line starts with `*`, the lines are re-aligned under the first (one
 * space before each star, trailing spaces dropped, except the two that end a
 * line of a JSDoc comment: a markdown line break); otherwise it is kept as
 * written.
 */
function printComment(comment: string, indent: string): string {
  const value = comment.slice(2, -2);
  if (!value.includes("\n")) return comment;
  const lines = `*${value}*`.split("\n").map((line) => line.trimStart());
  if (!lines.every((line) => line.startsWith("*"))) return comment;
  const jsDoc = value[0] === "*" && value[1] !== "*";
  const last = lines.length - 1;
  const printed = lines.map((line, i) => {
    if (i === 0) return line.trimEnd();
    if (i === last) return ` ${line}`;
    const trimmed = line.trimEnd();
    return jsDoc && trimmed !== "*" && line.endsWith("  ") ? ` ${trimmed}  ` : ` ${trimmed}`;
  });
  return `/${printed.join(`\n${indent}`)}/`;
}

/**
 * Every doc comment standing on its own lines, printed as prettier prints it
 * (what `setAside` then `putBack` give, with no formatting between).
 */
export function printDocComments(text: string): string {
  return text.replace(
    OWN_LINE_DOC,
    (_line, indent: string, comment: string) => indent + printComment(comment, indent),
  );
}

/** The text without its doc comments that stand on their own lines (each leaves an empty line). */
export function withoutDocComments(text: string): string {
  return text.replace(OWN_LINE_DOC, "");
}
