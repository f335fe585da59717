import { width } from "../emit/ts-layout.js";
import { FORMAT_OPTIONS } from "./format-options.js";

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
  const code = line.trimStart();
  return (
    width(line) <= printWidth &&
    !line.endsWith(" ") &&
    // Spacing prettier changes: two spaces inside a line, space inside brackets, a trailing comma
    // (or an object type's trailing semicolon).
    !/\S {2}|[(\[] | [)\]]|,\s*[}\])]|;\s*\}/.test(code) &&
    // Quotes prettier may change, and template literals (it lays out their substitutions).
    !/\\"|'|`/.test(line) &&
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
    // A quoted property name, which prettier may unquote.
    !/[{,] "[^"]*": /.test(line) &&
    // A number prettier writes otherwise (exponent, prefix, leading dot, trailing zeros).
    !/(?<![\w$])(?:0[xXoObB]|\d[\d.]*[eE]|\d+\.\d*0(?!\d)|\d+\.(?!\d))|[^\w$)\].]\.\d/.test(line)
  );
}
