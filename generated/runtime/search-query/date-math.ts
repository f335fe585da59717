/**
 * Date math: `NOW` or UNIX epoch milliseconds, followed by rounding
 * (`/DAY`) and additions (`+1DAY`, `-7DAYS`) evaluated left to right.
 *
 * Semantics (all in the time zone of the evaluation):
 * - `/MINUTE`, `/HOUR` round down to the start of the current local minute or
 *   hour: the latest instant not after the value whose local clock shows
 *   `hh:mm:00.000` (`hh:00:00.000`);
 * - `/DAY`, `/MONTH` round down to the first instant of the local calendar
 *   day (month);
 * - `±nMINUTE`, `±nHOUR` add exact durations (60 000 and 3 600 000 ms);
 * - `±nDAY` keeps the local time of day and moves the calendar date;
 *   `±nMONTH` moves the month and clamps the day to the end of the target
 *   month (Jan 31 + 1 MONTH = Feb 28, or Feb 29 in a leap year). The local
 *   result is resolved as described in `time-zone.ts` (gap: forward by the
 *   gap's length; overlap: same offset as before when possible, else the
 *   earlier instant).
 */

import { diagnostic, type QueryDiagnostic } from "./diagnostics.js";
import { QueryError } from "./errors.js";
import { MAX_DATE_MATH_STEPS } from "./limits.js";
import { didYouMean, suggest } from "./suggest.js";
import {
  MAX_INSTANT,
  MIN_INSTANT,
  assertTimeZone,
  instantFromWallClock,
  instantsAtWallClock,
  utcMsToWallClock,
  wallClockAt,
  wallClockToUtcMs,
  type WallClock,
} from "./time-zone.js";

/** Every unit the evaluator understands; a language may allow a subset. */
export const DATE_MATH_UNITS = [
  "MINUTE",
  "MINUTES",
  "HOUR",
  "HOURS",
  "DAY",
  "DAYS",
  "MONTH",
  "MONTHS",
] as const;

/** A date-math unit, singular or plural (they mean the same). */
export type DateMathUnit = (typeof DATE_MATH_UNITS)[number];

/** The largest amount accepted in `+nUNIT` / `-nUNIT`. */
export const MAX_DATE_MATH_AMOUNT = 1_000_000;

/** Whether a string is a unit the evaluator understands. */
export function isDateMathUnit(unit: string): unit is DateMathUnit {
  return (DATE_MATH_UNITS as readonly string[]).includes(unit);
}

/** The starting point of a date-math expression. */
export type DateMathAnchor =
  { readonly kind: "now" } | { readonly kind: "epoch"; readonly millis: number };

/** One step after the anchor: a rounding, or an addition or subtraction. */
export type DateMathStep =
  | { readonly op: "round"; readonly unit: DateMathUnit }
  | { readonly op: "plus" | "minus"; readonly amount: number; readonly unit: DateMathUnit };

function checkUnit(unit: unknown): DateMathUnit {
  if (typeof unit !== "string" || !isDateMathUnit(unit)) {
    throw new QueryError(
      "invalid-argument",
      `unknown date-math unit; use one of ${DATE_MATH_UNITS.join(", ")}`,
    );
  }
  return unit;
}

/**
 * An immutable date-math expression such as `NOW/DAY-1DAY`. Build it with
 * {@link now} or {@link epochMillis} and the chaining methods; render it with
 * `toString()`; evaluate it with {@link evaluateDateMath}.
 */
export class DateMath {
  readonly anchor: DateMathAnchor;
  readonly steps: readonly DateMathStep[];

  /** Prefer {@link now} and {@link epochMillis}; the arguments are checked. */
  constructor(anchor: DateMathAnchor, steps: readonly DateMathStep[] = []) {
    if (anchor.kind === "epoch") {
      const ms = anchor.millis;
      if (!Number.isSafeInteger(ms) || ms < 0 || ms > MAX_INSTANT) {
        throw new QueryError(
          "invalid-argument",
          "epoch milliseconds must be a whole number from 0 to 253370764800000 (year 9999)",
        );
      }
      this.anchor = Object.freeze({ kind: "epoch", millis: ms });
    } else {
      this.anchor = Object.freeze({ kind: "now" });
    }
    if (steps.length > MAX_DATE_MATH_STEPS) {
      throw new QueryError(
        "invalid-argument",
        `date math has at most ${MAX_DATE_MATH_STEPS} steps`,
      );
    }
    this.steps = Object.freeze(
      steps.map((s): DateMathStep => {
        const unit = checkUnit(s.unit);
        if (s.op === "round") return Object.freeze({ op: "round", unit });
        if (!Number.isSafeInteger(s.amount) || s.amount < 0 || s.amount > MAX_DATE_MATH_AMOUNT) {
          throw new QueryError(
            "invalid-argument",
            `a date-math amount must be a whole number from 0 to ${MAX_DATE_MATH_AMOUNT}`,
          );
        }
        return Object.freeze({ op: s.op, amount: s.amount, unit });
      }),
    );
    Object.freeze(this);
  }

  /** Rounds down to the start of the unit (`/UNIT`). */
  round(unit: DateMathUnit): DateMath {
    return new DateMath(this.anchor, [...this.steps, { op: "round", unit }]);
  }

  /** Adds `amount` units (`+nUNIT`); a negative amount subtracts. */
  plus(amount: number, unit: DateMathUnit): DateMath {
    const op = amount < 0 ? "minus" : "plus";
    return new DateMath(this.anchor, [...this.steps, { op, amount: Math.abs(amount), unit }]);
  }

  /** Subtracts `amount` units (`-nUNIT`); a negative amount adds. */
  minus(amount: number, unit: DateMathUnit): DateMath {
    const op = amount < 0 ? "plus" : "minus";
    return new DateMath(this.anchor, [...this.steps, { op, amount: Math.abs(amount), unit }]);
  }

  /** The expression as written in a query, e.g. `NOW/DAY-1DAY`. */
  toString(): string {
    let text = this.anchor.kind === "now" ? "NOW" : String(this.anchor.millis);
    for (const s of this.steps) {
      text +=
        s.op === "round" ? `/${s.unit}` : `${s.op === "plus" ? "+" : "-"}${s.amount}${s.unit}`;
    }
    return text;
  }
}

/** `NOW`: the evaluation instant. */
export function now(): DateMath {
  return new DateMath({ kind: "now" });
}

/** A fixed instant written as UNIX epoch milliseconds (a whole number, not before 1970). */
export function epochMillis(instant: number | Date): DateMath {
  const ms = instant instanceof Date ? instant.getTime() : instant;
  return new DateMath({ kind: "epoch", millis: ms });
}

// ---------------------------------------------------------------------------
// Parsing

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Parses date math written at 1-based `column` of some larger text, checking
 * units against `units`. Problems are appended to `errors`; the result is
 * `undefined` when there was any.
 */
export function parseDateMathAt(
  text: string,
  column: number,
  units: ReadonlySet<string>,
  errors: QueryDiagnostic[],
): DateMath | undefined {
  const before = errors.length;
  const n = text.length;
  let i = 0;
  let anchor: DateMathAnchor | undefined;
  if (text.startsWith("NOW")) {
    anchor = { kind: "now" };
    i = 3;
  } else if (n > 0 && isDigit(text.charCodeAt(0))) {
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    const digits = text.slice(0, i);
    const ms = digits.length <= 16 ? Number(digits) : Number.POSITIVE_INFINITY;
    if (ms > MAX_INSTANT) {
      errors.push(
        diagnostic(
          column,
          "bad-number",
          "error",
          "epoch milliseconds must not be later than year 9999",
        ),
      );
      return undefined;
    }
    anchor = { kind: "epoch", millis: ms };
  } else if (/^now/i.test(text)) {
    errors.push(diagnostic(column, "date-math-syntax", "error", "write NOW in upper case"));
    return undefined;
  } else {
    errors.push(
      diagnostic(
        column,
        "date-math-syntax",
        "error",
        "a date-math value starts with NOW or epoch milliseconds",
      ),
    );
    return undefined;
  }
  const steps: DateMathStep[] = [];
  while (i < n && errors.length === before) {
    const c = text.charCodeAt(i);
    const opColumn = column + i;
    if (steps.length >= MAX_DATE_MATH_STEPS) {
      errors.push(
        diagnostic(
          opColumn,
          "date-math-syntax",
          "error",
          `date math has at most ${MAX_DATE_MATH_STEPS} steps`,
        ),
      );
      break;
    }
    if (c === 47 /* / */) {
      i++;
      const unitStart = i;
      while (i < n && isLetter(text.charCodeAt(i))) i++;
      const unit = readUnit(text.slice(unitStart, i), column + unitStart, units, errors, "/");
      if (unit !== undefined) steps.push({ op: "round", unit });
    } else if (c === 43 /* + */ || c === 45 /* - */) {
      const sign = c === 43 ? "+" : "-";
      i++;
      const numStart = i;
      while (i < n && (isDigit(text.charCodeAt(i)) || text[i] === "." || text[i] === ",")) i++;
      const numText = text.slice(numStart, i);
      if (numText.length === 0) {
        errors.push(
          diagnostic(column + numStart, "bad-number", "error", `expected a number after ${sign}`),
        );
        break;
      }
      if (!/^[0-9]+$/.test(numText)) {
        errors.push(
          diagnostic(
            column + numStart,
            "bad-number",
            "error",
            "a date-math amount must be a whole number",
          ),
        );
        break;
      }
      const amount = numText.length <= 8 ? Number(numText) : Number.POSITIVE_INFINITY;
      if (amount > MAX_DATE_MATH_AMOUNT) {
        errors.push(
          diagnostic(
            column + numStart,
            "bad-number",
            "error",
            `a date-math amount must not exceed ${MAX_DATE_MATH_AMOUNT}`,
          ),
        );
        break;
      }
      const unitStart = i;
      while (i < n && isLetter(text.charCodeAt(i))) i++;
      const unit = readUnit(text.slice(unitStart, i), column + unitStart, units, errors, numText);
      if (unit !== undefined) steps.push({ op: sign === "+" ? "plus" : "minus", amount, unit });
    } else {
      errors.push(
        diagnostic(
          opColumn,
          "date-math-syntax",
          "error",
          "expected /UNIT, +nUNIT or -nUNIT in date math",
        ),
      );
    }
  }
  if (errors.length !== before) return undefined;
  return new DateMath(anchor, steps);
}

function readUnit(
  word: string,
  column: number,
  units: ReadonlySet<string>,
  errors: QueryDiagnostic[],
  after: string,
): DateMathUnit | undefined {
  if (word.length === 0) {
    errors.push(
      diagnostic(column, "date-math-syntax", "error", `expected a unit such as DAY after ${after}`),
    );
    return undefined;
  }
  if (units.has(word) && isDateMathUnit(word)) return word;
  const allowed = [...units].filter(isDateMathUnit);
  const upper = word.toUpperCase();
  const shown = word.length <= 20 ? ` ${word}` : "";
  if (allowed.includes(upper as DateMathUnit)) {
    errors.push(
      diagnostic(
        column,
        "unknown-unit",
        "error",
        `unknown date-math unit${shown}; write units in upper case: ${upper}`,
      ),
    );
    return undefined;
  }
  const hint = didYouMean(suggest(upper, allowed, 1));
  errors.push(
    diagnostic(
      column,
      "unknown-unit",
      "error",
      `unknown date-math unit${shown}${hint || `; use one of ${allowed.join(", ")}`}`,
    ),
  );
  return undefined;
}

const ALL_UNITS: ReadonlySet<string> = new Set(DATE_MATH_UNITS);

/** The result of {@link parseDateMath}. */
export type DateMathParseResult =
  | { readonly ok: true; readonly value: DateMath }
  | { readonly ok: false; readonly errors: readonly QueryDiagnostic[] };

/**
 * Parses date math such as `NOW/DAY-1DAY` or `1767225600000`. `units`
 * restricts the accepted units (default: every unit of {@link DATE_MATH_UNITS}).
 */
export function parseDateMath(
  text: string,
  options: { readonly units?: readonly string[] } = {},
): DateMathParseResult {
  const errors: QueryDiagnostic[] = [];
  const units = options.units === undefined ? ALL_UNITS : new Set(options.units);
  const value = parseDateMathAt(text, 1, units, errors);
  return value === undefined ? { ok: false, errors } : { ok: true, value };
}

// ---------------------------------------------------------------------------
// Evaluation

/** When and where date math is evaluated. */
export interface EvaluateOptions<Z extends string = string> {
  /** The instant `NOW` stands for; default `Date.now()`. */
  readonly now?: Date | number;
  /** IANA time zone for rounding and for DAY and MONTH arithmetic; default `UTC`. */
  readonly timeZone?: Z;
}

/** Reads the `now` option as epoch milliseconds; throws for an invalid date. */
export function nowMillis(now: Date | number | undefined): number {
  const ms = now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(ms) || ms < MIN_INSTANT || ms > MAX_INSTANT) {
    throw new QueryError("invalid-argument", "now must be a valid date between 1900 and 9999");
  }
  return ms;
}

function outOfRange(): never {
  throw new QueryError("out-of-range", "the date-math result is outside the years 1900 to 9998");
}

function checkRange(ms: number): number {
  if (!Number.isFinite(ms) || ms < MIN_INSTANT || ms > MAX_INSTANT) outOfRange();
  return ms;
}

function baseUnit(unit: DateMathUnit): "MINUTE" | "HOUR" | "DAY" | "MONTH" {
  return unit.endsWith("S")
    ? (unit.slice(0, -1) as "MINUTE" | "HOUR" | "DAY" | "MONTH")
    : (unit as "MINUTE" | "HOUR" | "DAY" | "MONTH");
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function roundDown(ms: number, unit: "MINUTE" | "HOUR" | "DAY" | "MONTH", zone: string): number {
  const w = wallClockAt(zone, ms);
  const floored: WallClock = {
    year: w.year,
    month: w.month,
    day: unit === "MONTH" ? 1 : w.day,
    hour: unit === "DAY" || unit === "MONTH" ? 0 : w.hour,
    minute: unit === "MINUTE" ? w.minute : 0,
    second: 0,
    millisecond: 0,
  };
  const found = instantsAtWallClock(zone, floored).filter((t) => t <= ms);
  if (found.length === 0) return instantFromWallClock(zone, floored);
  // Sub-day units: the start of the current (physical) minute or hour.
  // Calendar units: the first instant of the local day or month.
  return unit === "MINUTE" || unit === "HOUR"
    ? (found[found.length - 1] as number)
    : (found[0] as number);
}

function addCalendar(ms: number, amount: number, unit: "DAY" | "MONTH", zone: string): number {
  if (amount === 0) return ms;
  const w = wallClockAt(zone, ms);
  const offset = wallClockToUtcMs(w) - ms;
  let target: WallClock;
  if (unit === "DAY") {
    // Normalize the date through UTC arithmetic (handles month and year overflow).
    const shifted = utcMsToWallClock(wallClockToUtcMs({ ...w, day: w.day + amount }));
    target = { ...w, year: shifted.year, month: shifted.month, day: shifted.day };
  } else {
    const total = w.year * 12 + (w.month - 1) + amount;
    const year = Math.floor(total / 12);
    const month = total - year * 12 + 1;
    target = { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
  }
  if (target.year < 1899 || target.year > 9999) outOfRange();
  return instantFromWallClock(zone, target, offset);
}

/** Evaluates parsed date math to epoch milliseconds. */
export function evaluateDateMathMs(expr: DateMath, nowMs: number, timeZone: string): number {
  let ms = checkRange(expr.anchor.kind === "now" ? nowMs : expr.anchor.millis);
  for (const step of expr.steps) {
    const unit = baseUnit(step.unit);
    if (step.op === "round") {
      ms = roundDown(ms, unit, timeZone);
    } else {
      const amount = step.op === "plus" ? step.amount : -step.amount;
      if (unit === "MINUTE") ms += amount * 60_000;
      else if (unit === "HOUR") ms += amount * 3_600_000;
      else ms = addCalendar(ms, amount, unit, timeZone);
    }
    checkRange(ms);
  }
  return ms;
}

/**
 * Evaluates date math (a {@link DateMath} or its text) at `now` in
 * `timeZone`. Throws {@link QueryError} for malformed text, an unknown zone
 * or a result outside the years 1900 to 9998.
 */
export function evaluateDateMath<Z extends string>(
  expr: DateMath | string,
  options: EvaluateOptions<Z> = {},
): Date {
  let math: DateMath;
  if (typeof expr === "string") {
    const parsed = parseDateMath(expr);
    if (!parsed.ok) {
      throw new QueryError("syntax", parsed.errors.map((e) => e.message).join("; "), parsed.errors);
    }
    math = parsed.value;
  } else {
    math = expr;
  }
  const timeZone: string = options.timeZone ?? "UTC";
  assertTimeZone(timeZone);
  return new Date(evaluateDateMathMs(math, nowMillis(options.now), timeZone));
}
