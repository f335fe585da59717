import { width } from "../emit/ts-layout.js";
import { FORMAT_OPTIONS } from "./format-options.js";
import { tokenize } from "./js-tokens.js";
import { stringKept } from "./string-literal.js";

/**
 * Whether prettier prints a statement's line (or a block's head), which has
 * no line break, exactly as written: it fits, and holds none of what prettier
 * would rewrite on a line that fits, as far as its text tells. Anything
 * doubtful is left to prettier; the generated code is written in prettier's
 * style, so little is.
 */
export function lineKept(line: string): boolean {
  const printWidth = FORMAT_OPTIONS.printWidth!;
  // A line longer than the print width is wider too (see `width`): its characters are not counted.
  if (line.length > printWidth) return false;
  if (width(line) > printWidth || line.endsWith(" ")) return false;
  if (codeKept(line) && !QUOTED.test(line)) return true;
  return line.includes('"') && stringsKept(line);
}

/**
 * What prettier may change in a line's strings, read from its text alone:
 * quotes (a single-quoted string, an escaped double quote, a quoted property
 * name it may unquote), and template literals (it lays out their
 * substitutions).
 */
const QUOTED = /\\"|'|`|[{,] "[^"]*": /;

/**
 * Whether a line holding double-quoted strings is kept, its strings read as
 * prettier reads them: each one printed as written (see `stringKept`), a
 * string followed by `:` after `{`, `,` or at the line's start (a property's
 * name) kept quoted (not a name, see `quotedName`), no other quote nor template,
 * and the rest of the line kept with the text of its strings set aside (so
 * that what they hold is never taken for code).
 */
function stringsKept(line: string): boolean {
  // Without another quote, a slash or a backtick, strings are the only tokens holding `"`: their
  // text is set aside without reading the line's tokens, and most lines doubtful for their code
  // are answered so.
  if (!/['`/]/.test(line) && !codeKept(line.replace(STRING, blank))) return false;
  const tokens = tokenize(line);
  if (tokens === undefined) return false;
  let code = "";
  let at = 0;
  for (let i = 0; i < tokens.code.length; i++) {
    const [start, end] = [tokens.code.start[i]!, tokens.code.end[i]!];
    const first = line[start];
    // A template, or a regular expression (a `/` token longer than itself).
    if (first === "`" || (first === "/" && end - start > 1)) return false;
    if (first !== '"' && first !== "'") continue;
    const raw = line.slice(start, end);
    if (!stringKept(raw)) return false;
    const before = i === 0 ? "" : line.slice(tokens.code.start[i - 1], tokens.code.end[i - 1]);
    if (line[end] === ":" && ["", "{", ","].includes(before) && !quotedName(raw)) return false;
    code += line.slice(at, start) + blank(raw);
    at = end;
  }
  code += line.slice(at);
  return !/'|`/.test(code) && codeKept(code);
}

/** A double-quoted string. */
const STRING = /"(?:[^"\\\n]|\\.)*"/g;

/** A string of the same width whose text cannot be taken for code. */
function blank(raw: string): string {
  return `"${"x".repeat(raw.length - 2)}"`;
}

/** Whether a quoted property name stays quoted: prettier unquotes one that is a name (or may). */
function quotedName(raw: string): boolean {
  return /^"[^"\\\x80-\uffff]*"$/.test(raw) && !/^"[A-Za-z_$][\w$]*"$/.test(raw);
}

/** The rules of `lineKept` that read code (the text of strings may trip them: they then doubt). */
function codeKept(line: string): boolean {
  const code = line.trimStart();
  return (
    // Spacing prettier changes: two spaces inside a line, space inside brackets, a trailing comma
    // (or an object type's trailing semicolon), no space after a comma.
    !/\S {2}|[(\[] | [)\]]|,\s*[}\])]|;\s*\}|,[^\s]/.test(code) &&
    // An if and its else, which prettier puts on lines of their own.
    !/; else\b/.test(line) &&
    // A block of statements, which prettier always breaks; an empty one written `{ }`.
    !/(?:=>|\)|\belse|\btry|\bfinally|\bdo) \{ *[^ }]|\{ \}/.test(line) &&
    // Parentheses prettier may find needless (grouping, not a call's or an arrow function's, nor
    // a type query's indexed, `(typeof x)[number]`).
    !/(?:(?:[:,=?]|\breturn) |\[|(?<!\b(?:if|while) )\()\((?![^()]*\) =>)(?!typeof [\w$.]+\)\[)/.test(
      line,
    ) &&
    // Logical operators mixed, which prettier parenthesizes.
    !(line.includes("&&") && line.includes("||")) &&
    // An arrow function's parameter without parentheses; a conditional after an arrow (maybe its
    // body, which prettier parenthesizes).
    !/[\w$] =>/.test(line) &&
    !/=> (?!\().*\s\?\s/.test(line) &&
    // A member chain of three calls, which prettier may break although it fits.
    (line.match(/\.[\w$]+\(/g)?.length ?? 0) < 3 &&
    // An array of objects or of arrays, which prettier breaks one element a line.
    !/\[\{|\}, \{|\[\[|\], \[/.test(line) &&
    // A spread value with a type assertion, which prettier parenthesizes.
    !/\.\.\.(?!\().* as [\w$]/.test(code) &&
    // A number prettier writes otherwise (exponent, prefix, leading dot, trailing zeros).
    !/(?<![\w$])(?:0[xXoObB]|\d[\d.]*[eE]|\d+\.\d*0(?!\d)|\d+\.(?!\d))|[^\w$)\].]\.\d/.test(line)
  );
}
