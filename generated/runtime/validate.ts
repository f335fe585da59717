/**
 * Primitives of the generated validators. Each check pushes
 * `ValidationIssue`s to an array and returns whether the value passed. A
 * message names the rule only: it never contains the checked value, so a
 * card number or a key cannot leak through a validation error. A key that is
 * not in the schema is named by its position, not by its text.
 */

import type { ValidationIssue, ValidationIssueCode } from "./errors.js";
import {
  compareDecimal,
  decimalFromNumber,
  isBase64,
  isDecimal,
  isGYearMonth,
  isInt,
  isIsoDate,
  isIsoDateTime,
  isLong,
  isShort,
  isUri,
} from "./scalars.js";

/** The outcome of a generated validator or parser. */
export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/** Where issues are collected while a value is checked. */
export type Issues = ValidationIssue[];

function issue(issues: Issues, path: string, code: ValidationIssueCode, message: string): false {
  issues.push({ path, code, message });
  return false;
}

/** Joins a field path and a property name (`a.b`) or a list index (`a.b[2]`). */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return path === "" ? key : `${path}.${key}`;
}

/** Builds the result of a validator: ok with the value when no issue was found. */
export function result<T>(value: T, issues: readonly ValidationIssue[]): ValidationResult<T> {
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
}

/**
 * Checks a string with an optional documented constant. Its length bounds are
 * facets, checked apart (`checkMinLength`, `checkMaxLength`), so a bundle that
 * checks none holds neither.
 */
export function checkString(
  v: unknown,
  path: string,
  issues: Issues,
  c?: { readonly const?: string },
): boolean {
  if (typeof v !== "string") return issue(issues, path, "type", "must be a string");
  if (c?.const !== undefined && v !== c.const) {
    return issue(
      issues,
      path,
      "const",
      `must be the documented constant ${JSON.stringify(c.const)}`,
    );
  }
  return true;
}

/*
 * Facet checks: one function per facet of the schema language, called once
 * the check of the value's type has passed (a value of another type passes
 * them: its type check has reported it). Each takes the value, the facet's
 * argument, the path and the issues, and returns whether it passed.
 */

/** The `minLength` facet: at least `min` UTF-16 code units. */
export function checkMinLength(v: unknown, min: number, path: string, issues: Issues): boolean {
  return (
    typeof v !== "string" ||
    v.length >= min ||
    issue(issues, path, "length", `must be at least ${min} characters long`)
  );
}

/** The `maxLength` facet: at most `max` UTF-16 code units. */
export function checkMaxLength(v: unknown, max: number, path: string, issues: Issues): boolean {
  return (
    typeof v !== "string" ||
    v.length <= max ||
    issue(issues, path, "length", `must be at most ${max} characters long`)
  );
}

/** The `minimum` facet: a number or decimal text at least `min` (decimal text), compared exactly. */
export function checkMinimum(v: unknown, min: string, path: string, issues: Issues): boolean {
  const c = compareWithBound(v, min);
  return (
    c === undefined ||
    (c !== "unordered" && c >= 0) ||
    issue(issues, path, "range", `must be at least ${min}`)
  );
}

/** The `maximum` facet: a number or decimal text at most `max` (decimal text), compared exactly. */
export function checkMaximum(v: unknown, max: string, path: string, issues: Issues): boolean {
  const c = compareWithBound(v, max);
  return (
    c === undefined ||
    (c !== "unordered" && c <= 0) ||
    issue(issues, path, "range", `must be at most ${max}`)
  );
}

/** The `exclusiveMinimum` facet: a number or decimal text greater than `min` (decimal text), compared exactly. */
export function checkExclusiveMinimum(
  v: unknown,
  min: string,
  path: string,
  issues: Issues,
): boolean {
  const c = compareWithBound(v, min);
  return (
    c === undefined ||
    (c !== "unordered" && c > 0) ||
    issue(issues, path, "range", `must be greater than ${min}`)
  );
}

/** The `exclusiveMaximum` facet: a number or decimal text less than `max` (decimal text), compared exactly. */
export function checkExclusiveMaximum(
  v: unknown,
  max: string,
  path: string,
  issues: Issues,
): boolean {
  const c = compareWithBound(v, max);
  return (
    c === undefined ||
    (c !== "unordered" && c < 0) ||
    issue(issues, path, "range", `must be less than ${max}`)
  );
}

/** The `multipleOf` facet: a number or decimal text that is a whole multiple of `step` (positive decimal text), computed exactly. */
export function checkMultipleOf(v: unknown, step: string, path: string, issues: Issues): boolean {
  const text = numberText(v);
  if (text === undefined) return true;
  const scaled = (s: string, digits: number): bigint => {
    const negative = s.startsWith("-");
    const [int = "0", frac = ""] = (negative ? s.slice(1) : s).split(".");
    const n = BigInt(`${int || "0"}${frac.padEnd(digits, "0")}`);
    return negative ? -n : n;
  };
  const digits = Math.max(text.split(".")[1]?.length ?? 0, step.split(".")[1]?.length ?? 0);
  const divisor = scaled(step, digits);
  return (
    divisor === 0n ||
    scaled(text, digits) % divisor === 0n ||
    issue(issues, path, "range", `must be a multiple of ${step}`)
  );
}

/** Each pattern compiled once, on first use, for the life of the module. */
const PATTERNS = new Map<string, RegExp>();

/**
 * A pattern as a regular expression: with the `u` flag, as JSON Schema reads
 * one, or, when it compiles only without it, as ECMA-262 5.1 does, the
 * dialect OpenAPI 3.0 and Swagger 2.0 name (an identity escape such as `\!`,
 * a `{` that is no quantifier). The one reading of a pattern: the validator's,
 * the generator's check of a contract's patterns, and the mock's samples.
 * Throws when it compiles neither way.
 */
export function compilePattern(source: string): RegExp {
  try {
    return new RegExp(source, "u");
  } catch (error) {
    try {
      return new RegExp(source);
    } catch {
      throw error;
    }
  }
}

/**
 * The `pattern` facet: the string holds a match of `source`
 * (`compilePattern`), as ECMA-262 and JSON Schema read a pattern: anchored
 * only where the pattern says so (a contract whose patterns match the whole
 * value, like XML Schema's, is given them anchored by the generator). The
 * message names the rule, never the value.
 */
export function checkPattern(v: unknown, source: string, path: string, issues: Issues): boolean {
  if (typeof v !== "string") return true;
  let re = PATTERNS.get(source);
  if (re === undefined) {
    re = compilePattern(source);
    PATTERNS.set(source, re);
  }
  return re.test(v) || issue(issues, path, "pattern", "does not match the documented pattern");
}

/** The digits of decimal text before and after the point, without insignificant zeros. */
function digitsOf(text: string): { readonly whole: number; readonly fraction: number } {
  const [whole = "", fraction = ""] = text.replace(/^[-+]/, "").split(".");
  return { whole: whole.replace(/^0+/, "").length, fraction: fraction.replace(/0+$/, "").length };
}

/** The `totalDigits` facet: at most `max` significant digits in all. */
export function checkTotalDigits(v: unknown, max: number, path: string, issues: Issues): boolean {
  const text = numberText(v);
  if (text === undefined) return true;
  const { whole, fraction } = digitsOf(text);
  return whole + fraction <= max || issue(issues, path, "range", `must have at most ${max} digits`);
}

/** The `fractionDigits` facet: at most `max` digits after the decimal point (0: a whole number). */
export function checkFractionDigits(
  v: unknown,
  max: number,
  path: string,
  issues: Issues,
): boolean {
  const text = numberText(v);
  return (
    text === undefined ||
    digitsOf(text).fraction <= max ||
    issue(
      issues,
      path,
      "range",
      max === 0
        ? "must be a whole number"
        : `must have at most ${max} digits after the decimal point`,
    )
  );
}

/** Decimal text of a finite number (its shortest exact form) or of decimal text; undefined for anything else. */
function numberText(v: unknown): string | undefined {
  if (typeof v === "number") return decimalFromNumber(v);
  return typeof v === "string" && isDecimal(v) ? v : undefined;
}

/**
 * How a value compares with a bound (decimal text): -1, 0 or 1, exactly; an
 * infinity is beyond every bound and NaN is `"unordered"` (it meets none);
 * undefined for a value that is not a number (its type check reported it).
 */
function compareWithBound(v: unknown, bound: string): -1 | 0 | 1 | "unordered" | undefined {
  if (typeof v === "number" && !Number.isFinite(v))
    return Number.isNaN(v) ? "unordered" : v > 0 ? 1 : -1;
  const text = numberText(v);
  return text === undefined ? undefined : compareDecimal(text, bound);
}

/** Checks a boolean (`true` or `false`, not a string). */
export function checkBoolean(v: unknown, path: string, issues: Issues): boolean {
  return typeof v === "boolean" || issue(issues, path, "type", "must be a boolean");
}

/** Checks a 16-bit signed integer number. */
export function checkShort(v: unknown, path: string, issues: Issues): boolean {
  if (typeof v !== "number" || !Number.isInteger(v)) {
    return issue(issues, path, "type", "must be an integer number from -32768 to 32767");
  }
  return (
    isShort(v) || issue(issues, path, "range", "must be an integer number from -32768 to 32767")
  );
}

/** Checks a 32-bit signed integer number. */
export function checkInt(v: unknown, path: string, issues: Issues): boolean {
  if (typeof v !== "number" || !Number.isInteger(v)) {
    return issue(issues, path, "type", "must be an integer number from -2147483648 to 2147483647");
  }
  return (
    isInt(v) ||
    issue(issues, path, "range", "must be an integer number from -2147483648 to 2147483647")
  );
}

/** Checks a 64-bit signed integer given as a string of digits (a JS number is rejected: it may have lost digits). */
export function checkLong(v: unknown, path: string, issues: Issues): boolean {
  if (typeof v !== "string") {
    return issue(issues, path, "type", "must be a string of digits (64-bit integer), not a number");
  }
  if (!/^-?[0-9]+$/.test(v)) {
    return issue(issues, path, "format", "must be a 64-bit integer: optional '-' and digits only");
  }
  return (
    isLong(v) || issue(issues, path, "range", "must be within the signed 64-bit integer range")
  );
}

/**
 * Checks a double (a JavaScript number). `finite`: the value goes into a JSON
 * body, which has no form for NaN and the infinities (XML writes them `NaN`,
 * `INF`, `-INF`).
 */
export function checkDouble(v: unknown, path: string, issues: Issues, finite?: boolean): boolean {
  if (typeof v !== "number") return issue(issues, path, "type", "must be a number");
  return (
    !finite ||
    Number.isFinite(v) ||
    issue(issues, path, "range", "must be a finite number (JSON has no NaN or infinity)")
  );
}

const DECIMAL_RULE = "must be a decimal: digits with at most one point, no exponent";

/**
 * Checks decimal text. Its bounds are facets, checked apart and exactly
 * (`checkMinimum`, `checkMaximum`), so a bundle that checks none holds no
 * decimal comparison.
 */
export function checkDecimal(v: unknown, path: string, issues: Issues): boolean {
  if (typeof v !== "string")
    return issue(issues, path, "type", `${DECIMAL_RULE}, given as a string`);
  if (!isDecimal(v)) return issue(issues, path, "format", DECIMAL_RULE);
  return true;
}

function checkFormat(
  v: unknown,
  path: string,
  issues: Issues,
  test: (s: string) => boolean,
  rule: string,
): boolean {
  if (typeof v !== "string") return issue(issues, path, "type", `${rule}, given as a string`);
  return test(v) || issue(issues, path, "format", rule);
}

/** Checks a calendar date `YYYY-MM-DD`. */
export function checkDate(v: unknown, path: string, issues: Issues): boolean {
  return checkFormat(v, path, issues, isIsoDate, "must be a date: YYYY-MM-DD");
}

/** Checks a date and time `YYYY-MM-DDThh:mm:ss` with optional fraction and zone. */
export function checkDateTime(v: unknown, path: string, issues: Issues): boolean {
  return checkFormat(
    v,
    path,
    issues,
    isIsoDateTime,
    "must be a date and time: YYYY-MM-DDThh:mm:ss with optional fraction and zone",
  );
}

/** Checks a year and month `YYYY-MM`. */
export function checkGYearMonth(v: unknown, path: string, issues: Issues): boolean {
  return checkFormat(v, path, issues, isGYearMonth, "must be a year and month: YYYY-MM");
}

/** Checks padded Base64 text. */
export function checkBase64(v: unknown, path: string, issues: Issues): boolean {
  return checkFormat(v, path, issues, isBase64, "must be Base64 text (standard alphabet, padded)");
}

/** Checks an absolute URI with a scheme. */
export function checkUri(v: unknown, path: string, issues: Issues): boolean {
  return checkFormat(v, path, issues, isUri, "must be an absolute URI with a scheme");
}

/** Checks that a value is one of the documented enum values. */
export function checkEnum(
  v: unknown,
  values: readonly string[],
  path: string,
  issues: Issues,
): boolean {
  return (
    (typeof v === "string" && values.includes(v)) ||
    issue(issues, path, "enum", `must be one of: ${values.join(", ")}`)
  );
}

/** Checks that a value is exactly the documented constant. */
export function checkConst(
  v: unknown,
  expected: string | number | boolean,
  path: string,
  issues: Issues,
): boolean {
  // Decimal text is equal by value: "0.10" is the constant 0.1.
  const same =
    v === expected ||
    (typeof v === "string" &&
      typeof expected === "string" &&
      isDecimal(v) &&
      isDecimal(expected) &&
      compareDecimal(v, expected) === 0);
  return (
    same ||
    issue(issues, path, "const", `must be the documented constant ${JSON.stringify(expected)}`)
  );
}

/** True for a plain object (an object literal or a null-prototype object), not an array, null or class instance. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  // A plain object of any realm: its prototype is null or some realm's Object.prototype (this realm's, most often).
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Checks that a value is a plain object. */
export function checkObject(
  v: unknown,
  path: string,
  issues: Issues,
): v is Record<string, unknown> {
  return isRecord(v) || issue(issues, path, "type", "must be an object");
}

/** Checks that a value is an array (an opaque list body: its items are not typed). */
export function checkArray(v: unknown, path: string, issues: Issues): v is unknown[] {
  return Array.isArray(v) || issue(issues, path, "type", "must be a list");
}

/**
 * The path of an undocumented key: its 1-based position among the object's
 * own keys (`Object.keys` order), never its name, which the caller chose and
 * could be anything, a card number included. `subscription.<unknown key #3>`
 * is the third key of `subscription`.
 */
export function unknownKeyPath(path: string, position: number): string {
  return joinPath(path, `<unknown key #${position}>`);
}

/** Reports every own property that is not a documented field, by position (see {@link unknownKeyPath}). */
export function checkUnknownKeys(
  obj: Record<string, unknown>,
  known: ReadonlySet<string>,
  path: string,
  issues: Issues,
): boolean {
  // The common case first, without copying the keys: `for...in` sees every own
  // enumerable key (and inherited ones, which only send it to the exact loop).
  let allKnown = true;
  for (const key in obj) {
    if (!known.has(key)) {
      allKnown = false;
      break;
    }
  }
  if (allKnown) return true;
  let ok = true;
  const keys = Object.keys(obj);
  for (let i = 0; i < keys.length; i++) {
    if (!known.has(keys[i]!)) {
      ok = issue(
        issues,
        unknownKeyPath(path, i + 1),
        "unknown-field",
        "is not a documented field (the key's name is not shown)",
      );
    }
  }
  return ok;
}

/** A map (OpenAPI `additionalProperties`): an object whose members are then checked one by one. */
export function checkMap(
  v: unknown,
  path: string,
  issues: Issues,
): v is { readonly [key: string]: unknown } {
  return (
    (typeof v === "object" && v !== null && !Array.isArray(v)) ||
    issue(issues, path, "type", "must be an object")
  );
}

/**
 * Checks a list and its documented number of entries. Returns true whenever the
 * value is an array, so its entries can still be checked when the count is wrong
 * (that problem is reported as a `cardinality` issue).
 */
export function checkList(
  v: unknown,
  path: string,
  issues: Issues,
  min: number,
  max: number | undefined,
): v is readonly unknown[] {
  if (!Array.isArray(v)) return issue(issues, path, "type", "must be a list");
  if (v.length < min)
    issue(
      issues,
      path,
      "cardinality",
      `must have at least ${min} ${min === 1 ? "entry" : "entries"}`,
    );
  else if (max !== undefined && v.length > max) {
    issue(
      issues,
      path,
      "cardinality",
      `must have at most ${max} ${max === 1 ? "entry" : "entries"}`,
    );
  }
  return true;
}

/** Checks that exactly one member of a choice is present (own and not `undefined`). */
export function checkChoice(
  obj: Record<string, unknown>,
  members: readonly string[],
  path: string,
  issues: Issues,
): boolean {
  return checkChoiceGroup(obj, members, true, path, issues);
}

/**
 * Checks a choice group among an object's fields: exactly one present
 * (`required`), or at most one.
 */
export function checkChoiceGroup(
  obj: Record<string, unknown>,
  members: readonly string[],
  required: boolean,
  path: string,
  issues: Issues,
): boolean {
  let present = 0;
  for (const m of members) if (isPresent(obj, m)) present++;
  if (present === 1 || (present === 0 && !required)) return true;
  return issue(
    issues,
    path,
    "choice",
    `must have ${required ? "exactly" : "at most"} one of: ${members.join(", ")}`,
  );
}

/** The check of a value's type (`checkString`, ...). */
export type TypeCheck = (v: unknown, path: string, issues: Issues) => boolean;

/** The check of one facet, with its argument (see `checkMaxLength`). */
export type FacetCheck<A> = (v: unknown, argument: A, path: string, issues: Issues) => boolean;

/** Checks that a required field is present (own and not `undefined`). */
export function requireField(
  obj: Record<string, unknown>,
  key: string,
  path: string,
  issues: Issues,
): boolean {
  return isPresent(obj, key) || issue(issues, joinPath(path, key), "required", "is required");
}

function isPresent(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key) && obj[key] !== undefined;
}
