/**
 * Diagnostics reported by the query parser: errors make a query invalid,
 * warnings point at a documented recommendation, infos state a documented
 * default. Messages start with `col N: ` and never repeat a value of the
 * query (values may be card numbers or e-mail addresses).
 */

/** How serious a diagnostic is. */
export type QuerySeverity = "error" | "warning" | "info";

/** A stable machine-readable code of a diagnostic. */
export type QueryDiagnosticCode =
  // lexical and syntax errors
  | "empty-query"
  | "unexpected-character"
  | "unterminated-string"
  | "unbalanced-parenthesis"
  | "dangling-operator"
  | "missing-operator"
  | "lowercase-operator"
  | "unsupported-operator"
  | "expected-field"
  | "expected-colon"
  | "expected-value"
  | "unexpected-token"
  | "reserved-word"
  | "group-syntax"
  | "wildcard-in-group"
  | "range-syntax"
  | "open-range"
  | "too-deep"
  | "too-many-errors"
  | "internal-error"
  // date math
  | "date-math-syntax"
  | "unknown-unit"
  | "bad-number"
  | "date-math-range"
  // rules of the language
  | "unknown-field"
  | "leading-wildcard"
  | "wildcard-too-short"
  | "range-on-text-field"
  | "time-field-needs-range"
  // recommendations and defaults
  | "too-many-values"
  | "window-too-long"
  | "empty-range"
  | "mixed-operators"
  | "default-window"
  | "checks-skipped";

/** One problem or remark about a query, located by a 1-based column. */
export interface QueryDiagnostic {
  /**
   * 1-based column in the query text, counted in UTF-16 code units (what
   * `String.prototype.length` counts). The whole text is one line.
   */
  readonly column: number;
  readonly code: QueryDiagnosticCode;
  readonly severity: QuerySeverity;
  /** `col N: ` followed by a sentence; it never contains a value of the query. */
  readonly message: string;
}

/** Builds a diagnostic whose message starts with `col N: `. */
export function diagnostic(
  column: number,
  code: QueryDiagnosticCode,
  severity: QuerySeverity,
  text: string,
): QueryDiagnostic {
  return { column, code, severity, message: `col ${column}: ${text}` };
}

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** `3` → `three characters`, `1` → `one character`, `12` → `12 characters`. */
export function countOf(n: number, noun: string): string {
  const word = WORDS[n] ?? String(n);
  return `${word} ${noun}${n === 1 ? "" : "s"}`;
}

/** A name that is safe to repeat in a message: an identifier-like word of modest length. */
export function quotable(name: string): string | undefined {
  return name.length <= 80 && /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : undefined;
}
