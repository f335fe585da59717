/**
 * Wire scalars: the string-backed types of the generated package and exact
 * predicates for each of them. Nothing here passes a decimal or a 64-bit
 * integer through a JS number.
 */

/** An exact decimal number as text: optional `-`, digits, at most one point, no exponent (`"12.50"`). */
export type Decimal = string;

/** A signed 64-bit integer as text (`"9223372036854775807"`); never a JS number. */
export type Long = string;

/**
 * An XML Schema `double` or `float`, or a contract's `number` of format
 * `double`/`float`: a JavaScript number, the one place a binary float is the
 * contract's own type. XML writes it in XSD lexical form (`INF`, `-INF`,
 * `NaN` for the specials); JSON as a number literal (a JSON body has no
 * form for the specials).
 */
export type Double = number;

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

/** A date and time `YYYY-MM-DDThh:mm:ss`, with optional fraction and zone (`Z` or `±hh:mm`). */
export type IsoDateTime = string;

/** A year and month `YYYY-MM` (XML Schema `gYearMonth`). */
export type GYearMonth = string;

/** Base64 text (standard alphabet, padded). */
export type Base64 = string;

/** An absolute URI with a scheme (`https://example.com/a`). */
export type Uri = string;

const DECIMAL = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const LONG = /^-?[0-9]+$/;
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const DATE_TIME =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?:Z|[+-][0-9]{2}:[0-9]{2})?$/;
const YEAR_MONTH = /^[0-9]{4}-(?:0[1-9]|1[0-2])$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

const XSD_DOUBLE = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

const LONG_MAX = "9223372036854775807";
const LONG_MIN_MAGNITUDE = "9223372036854775808";

/** True for decimal text: optional leading `-`, digits, at most one point, at least one digit, no exponent, no spaces. */
export function isDecimal(s: string): boolean {
  return DECIMAL.test(s);
}

/** True for integer text within the signed 64-bit range, compared as text (leading zeros allowed). */
export function isLong(s: string): boolean {
  if (!LONG.test(s)) return false;
  const negative = s.charCodeAt(0) === 45;
  const digits = stripLeadingZeros(negative ? s.slice(1) : s);
  return compareMagnitude(digits, negative ? LONG_MIN_MAGNITUDE : LONG_MAX) <= 0;
}

/** True for an integer number within the signed 16-bit range (-32768 to 32767). */
export function isShort(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= -32768 && n <= 32767;
}

/** True for an integer number within the signed 32-bit range (-2147483648 to 2147483647). */
export function isInt(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= -2147483648 && n <= 2147483647;
}

/**
 * A double in XSD lexical form: `INF`, `-INF`, `NaN` for the specials, else
 * the shortest text that reads back as the same number (`0.1`, `1e+21`, `-0`).
 */
export function doubleToXsd(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (n === Infinity) return "INF";
  if (n === -Infinity) return "-INF";
  return Object.is(n, -0) ? "-0" : String(n);
}

/**
 * The double an XSD `double`/`float` literal is (`1.5`, `-1E4`, `.5`, `INF`,
 * `-INF`, `NaN`; `+INF` too, as XSD 1.1 allows); `undefined` for any other
 * text (`Infinity`, `0x10`, an empty string).
 */
export function doubleFromXsd(text: string): number | undefined {
  if (text === "INF" || text === "+INF") return Infinity;
  if (text === "-INF") return -Infinity;
  if (text === "NaN") return NaN;
  return XSD_DOUBLE.test(text) ? Number(text) : undefined;
}

/** True for a real calendar date `YYYY-MM-DD` (proleptic Gregorian, leap years included). */
export function isIsoDate(s: string): boolean {
  const m = DATE.exec(s);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * True for an RFC 3339 / `xs:dateTime` value: `YYYY-MM-DDThh:mm:ss`, an optional
 * fraction of a second and an optional zone (`Z` or `±hh:mm`). Hours 00-23,
 * seconds 00-59 (no leap second), zone offsets up to ±23:59.
 */
export function isIsoDateTime(s: string): boolean {
  // The pattern checks the form; the numbers are read at their fixed places, without a match array.
  if (!DATE_TIME.test(s)) return false;
  if (!isCalendarDate(digits(s, 0, 4), digits(s, 5, 2), digits(s, 8, 2))) return false;
  if (digits(s, 11, 2) > 23 || digits(s, 14, 2) > 59 || digits(s, 17, 2) > 59) return false;
  // A zone offset is the last six characters, `±hh:mm`: no other `+` or `-` can stand there.
  const sign = s.charCodeAt(s.length - 6);
  if (
    (sign === 0x2b || sign === 0x2d) &&
    (digits(s, s.length - 5, 2) > 23 || digits(s, s.length - 2, 2) > 59)
  )
    return false;
  return true;
}

/** The number written by the `count` ASCII digits at `at` (the caller has checked they are digits). */
function digits(s: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) n = n * 10 + (s.charCodeAt(i) - 0x30);
  return n;
}

/** True for a year and month `YYYY-MM` with a month from 01 to 12. */
export function isGYearMonth(s: string): boolean {
  return YEAR_MONTH.test(s);
}

/** True for padded Base64 text in the standard alphabet without whitespace (the empty string included). */
export function isBase64(s: string): boolean {
  return s.length % 4 === 0 && BASE64.test(s);
}

/** True for an absolute URI: a scheme, `:`, then only characters RFC 3986 allows (and `%XX` escapes). */
export function isUri(s: string): boolean {
  return URI.test(s);
}

/**
 * Compares two decimal texts exactly: -1 when `a < b`, 0 when equal, 1 when `a > b`.
 * `"1.50"` equals `"1.5"` and `"-0"` equals `"0"`.
 * @throws TypeError when either argument is not decimal text.
 */
export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const x = normalizeDecimal(a);
  const y = normalizeDecimal(b);
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  let c = compareMagnitude(x.int, y.int);
  if (c === 0) c = x.frac < y.frac ? -1 : x.frac > y.frac ? 1 : 0;
  return (x.negative ? -c : c) as -1 | 0 | 1;
}

/**
 * Converts a JS number (as it arrived in JSON) to the shortest decimal text that
 * reads back as the same number, without exponent: `1e21` → `"1000000000000000000000"`,
 * `1.5e-7` → `"0.00000015"`, `-0` → `"0"`. Returns `undefined` for NaN and infinities.
 */
export function decimalFromNumber(n: number): Decimal | undefined {
  // `String(n)` is the shortest text that reads back as `n` (`-0` is `"0"`; NaN and the infinities
  // are no JSON number), written out as the JSON number reader writes one: one conversion for both.
  return decimalFromNumberText(String(n));
}

/**
 * The decimal text of a JSON number literal, exactly as written: digits and
 * scale kept (`12.30` → `"12.30"`), an exponent written out (`1.5e-7` →
 * `"0.00000015"`, `1.20e1` → `"12.0"`). Returns `undefined` for text that is
 * not a JSON number, or whose exponent would write out more than 1,000 digits.
 */
export function decimalFromNumberText(text: string): Decimal | undefined {
  const m = JSON_NUMBER.exec(text);
  if (m === null) return undefined;
  const sign = m[1] ?? "";
  const int = m[2] ?? "";
  const frac = m[3] ?? "";
  if (m[4] === undefined) return text;
  const exponent = Number(m[4]);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const digits = int + frac;
  // Where the decimal point goes in `digits`; the fraction keeps every digit written (the scale is the written fraction digits less the exponent).
  const pointAt = int.length + exponent;
  let intPart: string;
  let fracPart: string;
  if (pointAt <= 0) {
    intPart = "0";
    fracPart = "0".repeat(-pointAt) + digits;
  } else if (pointAt >= digits.length) {
    intPart = digits + "0".repeat(pointAt - digits.length);
    fracPart = "";
  } else {
    intPart = digits.slice(0, pointAt);
    fracPart = digits.slice(pointAt);
  }
  intPart = stripLeadingZeros(intPart);
  return `${sign}${intPart}${fracPart === "" ? "" : `.${fracPart}`}`;
}

const JSON_NUMBER = /^(-)?(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;
const MAX_EXPONENT = 1000;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days =
    month === 2
      ? leap
        ? 29
        : 28
      : month === 4 || month === 6 || month === 9 || month === 11
        ? 30
        : 31;
  return day <= days;
}

function stripLeadingZeros(digits: string): string {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++;
  return digits.slice(i);
}

/** Compares two digit strings without leading zeros by magnitude. */
function compareMagnitude(a: string, b: string): -1 | 0 | 1 {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function normalizeDecimal(s: string): { negative: boolean; int: string; frac: string } {
  if (!DECIMAL.test(s)) throw new TypeError("compareDecimal: argument is not decimal text");
  const negative = s.charCodeAt(0) === 45;
  const body = negative ? s.slice(1) : s;
  const point = body.indexOf(".");
  const int = stripLeadingZeros(point === -1 ? body : body.slice(0, point) || "0");
  let frac = point === -1 ? "" : body.slice(point + 1);
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, end);
  const zero = int === "0" && frac === "";
  return { negative: negative && !zero, int, frac };
}
