/**
 * Time ranges `[start TO end}`: a square bracket includes its bound, a curly
 * bracket excludes it. Bounds are date math ({@link DateMath}).
 */

import {
  DATE_MATH_UNITS,
  DateMath,
  epochMillis,
  evaluateDateMathMs,
  nowMillis,
  parseDateMathAt,
  type EvaluateOptions,
} from "./date-math.js";
import { diagnostic, type QueryDiagnostic } from "./diagnostics.js";
import { QueryError } from "./errors.js";
import { Lexer, type Token } from "./lexer.js";
import { assertTimeZone } from "./time-zone.js";

/** The bounds of a time range and whether each is included. */
export interface RangeBounds {
  readonly start: DateMath;
  readonly end: DateMath;
  readonly startInclusive: boolean;
  readonly endInclusive: boolean;
}

/** Inclusivity of range bounds; the default is `[start TO end}` (start included, end excluded). */
export interface RangeOptions {
  readonly startInclusive?: boolean;
  readonly endInclusive?: boolean;
}

/** A range bound: date math, a `Date`, or UNIX epoch milliseconds. */
export type DateMathInput = DateMath | Date | number;

/** Turns a bound given as `Date` or epoch milliseconds into {@link DateMath}. */
export function toDateMath(input: DateMathInput): DateMath {
  if (input instanceof DateMath) return input;
  if (input instanceof Date || typeof input === "number") return epochMillis(input);
  throw new QueryError(
    "invalid-argument",
    "a range bound must be date math, a Date or epoch milliseconds",
  );
}

/** Range bounds; by default the start is included and the end excluded, as in every documented example. */
export function rangeBounds(
  start: DateMathInput,
  end: DateMathInput,
  options: RangeOptions = {},
): RangeBounds {
  return Object.freeze({
    start: toDateMath(start),
    end: toDateMath(end),
    startInclusive: options.startInclusive ?? true,
    endInclusive: options.endInclusive ?? false,
  });
}

/** The range as written in a query, e.g. `[NOW/DAY-1DAY TO NOW/DAY}`. */
export function renderRange(bounds: RangeBounds): string {
  return `${bounds.startInclusive ? "[" : "{"}${bounds.start.toString()} TO ${bounds.end.toString()}${
    bounds.endInclusive ? "]" : "}"
  }`;
}

/** What {@link readRange} produced: bounds, nothing because of date-math errors, or a syntax failure. */
export type ReadRangeResult =
  | { readonly kind: "ok"; readonly bounds: RangeBounds }
  | { readonly kind: "invalid" }
  | { readonly kind: "fatal"; readonly problem: QueryDiagnostic };

function readBound(
  lexer: Lexer,
  open: Token,
  units: ReadonlySet<string>,
  errors: QueryDiagnostic[],
): DateMath | undefined | QueryDiagnostic {
  const t = lexer.peek();
  if (t.kind === "word" && t.text !== "TO") {
    lexer.next();
    if (t.text === "*") {
      errors.push(
        diagnostic(
          t.column,
          "open-range",
          "error",
          "open-ended ranges are not supported; give both bounds",
        ),
      );
      return undefined;
    }
    return parseDateMathAt(t.text, t.column, units, errors);
  }
  if (t.kind === "invalid" && t.problem !== undefined) return t.problem;
  if (t.kind === "eof") {
    return diagnostic(
      open.column,
      "range-syntax",
      "error",
      "the range is never closed with ] or }",
    );
  }
  if (t.kind === "string") {
    return diagnostic(
      t.column,
      "range-syntax",
      "error",
      "a range bound is date math or epoch milliseconds, not a quoted value",
    );
  }
  return diagnostic(
    t.column,
    "range-syntax",
    "error",
    "expected date math or epoch milliseconds as a range bound",
  );
}

/**
 * Reads `[start TO end]`-style bounds from the lexer; the next token must be
 * `[` or `{`. Date-math problems are appended to `errors` (the result is then
 * `invalid`); a broken range structure is `fatal`.
 */
export function readRange(
  lexer: Lexer,
  units: ReadonlySet<string>,
  errors: QueryDiagnostic[],
): ReadRangeResult {
  const open = lexer.next();
  const startInclusive = open.kind === "lbracket";
  const start = readBound(lexer, open, units, errors);
  if (start !== undefined && !(start instanceof DateMath)) return { kind: "fatal", problem: start };
  const to = lexer.peek();
  if (to.kind !== "word" || to.text !== "TO") {
    if (to.kind === "invalid" && to.problem !== undefined)
      return { kind: "fatal", problem: to.problem };
    if (to.kind === "eof") {
      return {
        kind: "fatal",
        problem: diagnostic(
          open.column,
          "range-syntax",
          "error",
          "the range is never closed with ] or }",
        ),
      };
    }
    const text =
      to.kind === "word" && to.text.toUpperCase() === "TO"
        ? "write TO in upper case"
        : "expected TO between the range bounds (date math has no spaces)";
    return { kind: "fatal", problem: diagnostic(to.column, "range-syntax", "error", text) };
  }
  lexer.next();
  const end = readBound(lexer, open, units, errors);
  if (end !== undefined && !(end instanceof DateMath)) return { kind: "fatal", problem: end };
  const close = lexer.peek();
  if (close.kind !== "rbracket" && close.kind !== "rbrace") {
    if (close.kind === "invalid" && close.problem !== undefined)
      return { kind: "fatal", problem: close.problem };
    const problem =
      close.kind === "eof"
        ? diagnostic(open.column, "range-syntax", "error", "the range is never closed with ] or }")
        : diagnostic(close.column, "range-syntax", "error", "expected ] or } to close the range");
    return { kind: "fatal", problem };
  }
  lexer.next();
  if (start === undefined || end === undefined) return { kind: "invalid" };
  return {
    kind: "ok",
    bounds: Object.freeze({ start, end, startInclusive, endInclusive: close.kind === "rbracket" }),
  };
}

const ALL_UNITS: ReadonlySet<string> = new Set(DATE_MATH_UNITS);

/** The result of {@link parseRange}. */
export type RangeParseResult =
  | { readonly ok: true; readonly value: RangeBounds }
  | { readonly ok: false; readonly errors: readonly QueryDiagnostic[] };

/**
 * Parses a range such as `[NOW/HOUR-1HOUR TO NOW/HOUR}`. `units` restricts
 * the accepted date-math units (default: all of them).
 */
export function parseRange(
  text: string,
  options: { readonly units?: readonly string[] } = {},
): RangeParseResult {
  const units = options.units === undefined ? ALL_UNITS : new Set(options.units);
  const lexer = new Lexer(text);
  const errors: QueryDiagnostic[] = [];
  const open = lexer.peek();
  if (open.kind !== "lbracket" && open.kind !== "lbrace") {
    return {
      ok: false,
      errors: [diagnostic(open.column, "range-syntax", "error", "a range starts with [ or {")],
    };
  }
  const result = readRange(lexer, units, errors);
  if (result.kind === "fatal") return { ok: false, errors: [...errors, result.problem] };
  const rest = lexer.peek();
  if (rest.kind !== "eof") {
    errors.push(
      diagnostic(rest.column, "unexpected-token", "error", "unexpected text after the range"),
    );
  }
  if (result.kind === "invalid" || errors.length > 0) return { ok: false, errors };
  return { ok: true, value: result.bounds };
}

/** A range evaluated to instants. */
export interface EvaluatedRange {
  readonly start: Date;
  readonly end: Date;
  readonly startInclusive: boolean;
  readonly endInclusive: boolean;
}

/** Evaluates bounds to epoch milliseconds. */
export function evaluateBoundsMs(
  bounds: RangeBounds,
  nowMs: number,
  timeZone: string,
): { readonly start: number; readonly end: number } {
  return {
    start: evaluateDateMathMs(bounds.start, nowMs, timeZone),
    end: evaluateDateMathMs(bounds.end, nowMs, timeZone),
  };
}

/**
 * Evaluates a range (its text, bounds, or a range node) at `now` in
 * `timeZone`; both bounds see the same `NOW`. Throws {@link QueryError} for
 * malformed text, an unknown zone or a result outside the supported years.
 */
export function evaluateRange<Z extends string>(
  range: string | RangeBounds,
  options: EvaluateOptions<Z> = {},
): EvaluatedRange {
  let bounds: RangeBounds;
  if (typeof range === "string") {
    const parsed = parseRange(range);
    if (!parsed.ok) {
      throw new QueryError("syntax", parsed.errors.map((e) => e.message).join("; "), parsed.errors);
    }
    bounds = parsed.value;
  } else {
    bounds = range;
  }
  const timeZone: string = options.timeZone ?? "UTC";
  assertTimeZone(timeZone);
  const { start, end } = evaluateBoundsMs(bounds, nowMillis(options.now), timeZone);
  return {
    start: new Date(start),
    end: new Date(end),
    startInclusive: bounds.startInclusive,
    endInclusive: bounds.endInclusive,
  };
}
