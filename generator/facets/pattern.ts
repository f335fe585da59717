import { defineFacet, type FacetValue } from "./facet.js";
import { compilePattern } from "../runtime/validate.js";
import { catastrophicBacktracking } from "./pattern-backtracking.js";

/**
 * A string matches a regular expression, read as ECMA-262 reads it (and
 * JSON Schema, and so OpenAPI): a match anywhere in the string, unless the
 * pattern anchors itself. Written in ECMAScript syntax, compiled with the `u`
 * flag when it can be and as ECMA-262 5.1 reads it otherwise (OpenAPI 3.0's
 * dialect: `compilePattern` of the runtime).
 *
 * Whether a contract's pattern is anchored is the front end's to decide, and
 * it is said in the value: a language whose patterns match the whole value
 * (XML Schema; the YAML schema language) gives {@link wholeValuePattern} of
 * what it read. A pattern that does not compile, or that can backtrack
 * catastrophically (`pattern-backtracking.ts`), is a schema error.
 */
export const pattern = defineFacet({
  key: "pattern",
  valueKind: "text",
  // A URI is text too: a contract may ask for a pattern of it (an image's URL ending in `.png`).
  appliesTo: ["string", "uri"],
  appliesToText: "strings and URIs",
  problem: (value) => {
    const text = String(value);
    const error = compileError(text);
    if (error === undefined) return catastrophicBacktracking(text);
    // A message quotes the pattern as the contract wrote it, not its anchored form.
    const written =
      text.startsWith(WHOLE_START) && text.endsWith(WHOLE_END)
        ? text.slice(WHOLE_START.length, -WHOLE_END.length)
        : text;
    return `not a regular expression: ${compileError(written) ?? error}`;
  },
  doc: (value) => {
    const whole = wholeValueSource(value);
    if (whole !== undefined) return `Matches the pattern \`${whole}\` as a whole.`;
    // A pattern that anchors itself reads as written; another one matches anywhere in the value.
    const text = String(value);
    return /^\^.*[^\\]\$$/su.test(text)
      ? `Matches the pattern \`${text}\`.`
      : `Holds a match of the pattern \`${text}\`.`;
  },
  runtimeCheck: "checkPattern",
  openApi: { keyword: "pattern" },
  // Several in one restriction mean any of them, matched against the whole value: see the XSD front end.
  xsdFacets: ["pattern"],
  direction: "any",
});

const WHOLE_START = "^(?:";
const WHOLE_END = ")$";

/** The facet value of a pattern the whole value must match (XML Schema's reading): `source` anchored at both ends. */
export function wholeValuePattern(source: string): string {
  return `${WHOLE_START}${source}${WHOLE_END}`;
}

/** The pattern a {@link wholeValuePattern} value was made of, or `undefined` for a pattern matched anywhere. */
export function wholeValueSource(value: FacetValue): string | undefined {
  const text = String(value);
  if (!text.startsWith(WHOLE_START) || !text.endsWith(WHOLE_END)) return undefined;
  const inner = text.slice(WHOLE_START.length, -WHOLE_END.length);
  // `^(?:a)|(?:b)$` is not `a)|(?:b` anchored: the inner text must be a pattern of its own.
  return compileError(inner) === undefined ? inner : undefined;
}

/**
 * Why `source` does not compile (`compilePattern`: with the `u` flag or
 * without it), or undefined when it does: the engine's reason alone, without
 * the pattern its message quotes again (`Invalid regular expression: /…/u: `),
 * which the message of a problem gives, or points at, already.
 */
function compileError(source: string): string | undefined {
  try {
    compilePattern(source);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const quoted = `Invalid regular expression: /${source}/u: `;
    return message.startsWith(quoted) ? message.slice(quoted.length) : message;
  }
}
