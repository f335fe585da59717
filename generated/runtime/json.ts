/**
 * JSON on the wire: a hardened parser that keeps every digit of large numbers
 * and never lets a `__proto__` key through, and the one place request bodies
 * are written.
 */

import { bodyText, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, skipSpace, type ParseLimits } from "./body.js";
import { ParseError } from "./errors.js";

export type { ParseLimits } from "./body.js";

/**
 * A parsed JSON value. A number literal a JS number cannot hold exactly
 * (an integer beyond ±(2^53 - 1), or more than 15 significant digits, or out
 * of the double range) is a string holding its exact source text instead.
 */
export type JsonValue = string | number | boolean | null | JsonObject | JsonArray;

/** A parsed JSON object. It never has a `__proto__` key. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A parsed JSON array. */
export type JsonArray = JsonValue[];

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const MAX_SAFE = "9007199254740991";
const MIN_NORMAL = 2.2250738585072014e-308;

/**
 * Parses a JSON response body, or throws `ParseError` (`json`): `empty`,
 * `not-json` (an HTML page, plain text), `too-large` (checked before reading),
 * `too-deep`, or `malformed` (truncated, invalid). A leading byte-order mark is
 * tolerated. `__proto__` keys are dropped at every depth; `constructor` and
 * `prototype` keys stay ordinary own data. Large numbers keep every digit (see
 * `JsonValue`).
 *
 * The common path is a linear pre-scan plus one `JSON.parse`. The pre-scan
 * checks depth, validates number literals and finds those that need the exact
 * form; only then is the text rewritten (those literals quoted) before parsing,
 * and only a document with a `__proto__` (or escaped) key is parsed with a reviver.
 */
export function parseJson(input: string | Uint8Array, limits?: ParseLimits): JsonValue {
  const maxDepth = limits?.maxDepth ?? DEFAULT_MAX_DEPTH;
  const text = bodyText(input, "json", limits?.maxBytes ?? DEFAULT_MAX_BYTES);
  const start = skipSpace(text, 0);
  if (start === text.length) throw new ParseError("json", "empty", "JSON body is empty");
  if (!looksLikeJson(text, start)) {
    throw new ParseError("json", "not-json", "the body is not JSON (an HTML page or plain text)");
  }
  const scan = scanJson(text, start, maxDepth);
  const source = scan.exact.length === 0 ? text : quoteSpans(text, scan.exact);
  let value: unknown;
  try {
    value = scan.reviver ? JSON.parse(source, dropProto) : JSON.parse(source);
  } catch {
    // The engine's message quotes the body, so it is not passed on.
    throw new ParseError("json", "malformed", "malformed JSON: the parser rejected the document");
  }
  return value as JsonValue;
}

/**
 * Writes a request body as JSON. Decimal and Long values are strings and are
 * written as such; properties whose value is `undefined` are omitted.
 * @throws TypeError when the value has no JSON form (`undefined`, a function, a bigint).
 */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new TypeError("stringifyJson: the value has no JSON form");
  return text;
}

function dropProto(key: string, value: unknown): unknown {
  return key === "__proto__" ? undefined : value;
}

function looksLikeJson(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c === 0x7b || c === 0x5b || c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39)) return true;
  // A literal, possibly truncated (`tru` is malformed JSON, `nope` is not JSON).
  return ["true", "false", "null"].some((literal) => literal.startsWith(s.slice(i, i + literal.length)));
}

/**
 * One linear pass over the text: strings are skipped (noting escaped keys and
 * `__proto__` keys), containers are counted for depth, and number literals
 * longer than 15 characters or with an exponent are validated and classified.
 */
function scanJson(s: string, start: number, maxDepth: number): { exact: number[]; reviver: boolean } {
  const n = s.length;
  const exact: number[] = [];
  let reviver = false;
  // true for an array, false for an object, per open container.
  const containers: boolean[] = [];
  // The previous significant character: decides whether a number is in value position.
  let prev = 0;
  // The first backslash after the current string's opening quote (-1: none left); cached so the scan stays linear.
  let nextBackslash = -2;
  let i = start;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      // The closing quote is the next '"' preceded by an even run of backslashes
      // (each pair is one escaped backslash; an odd run escapes the quote).
      let j = s.indexOf('"', i + 1);
      for (;;) {
        if (j === -1) throw malformed("unterminated string");
        let k = j - 1;
        while (s.charCodeAt(k) === 0x5c) k--; // stops at the opening quote at the latest
        if ((j - 1 - k) % 2 === 0) break;
        j = s.indexOf('"', j + 1);
      }
      if (nextBackslash !== -1 && nextBackslash <= i) nextBackslash = s.indexOf("\\", i + 1);
      const escaped = nextBackslash !== -1 && nextBackslash < j;
      if (!reviver && (escaped || (j - i === 10 && s.startsWith("__proto__", i + 1)))) {
        // A key (a string followed by ':') that is or may decode to `__proto__`.
        if (s.charCodeAt(skipSpace(s, j + 1)) === 0x3a) reviver = true;
      }
      prev = c;
      i = j + 1;
    } else if (c === 0x7b || c === 0x5b) {
      if (containers.length >= maxDepth) {
        throw new ParseError("json", "too-deep", `JSON objects and arrays are nested deeper than ${maxDepth} levels`);
      }
      containers.push(c === 0x5b);
      prev = c;
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      containers.pop();
      prev = c;
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      let exponent = false;
      for (; end < n; end++) {
        const d = s.charCodeAt(end);
        if (d === 0x65 || d === 0x45) exponent = true;
        else if (!isNumberChar(d)) break;
      }
      // Up to 15 characters without exponent: at most 15 digits, always exact; JSON.parse validates it.
      if (exponent || end - i > 15) {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(s) || NUMBER.lastIndex !== end) throw malformed("invalid number");
        const inArray = containers.length > 0 && containers[containers.length - 1] === true;
        const valuePosition = prev === 0 || prev === 0x3a || prev === 0x5b || (prev === 0x2c && inArray);
        if (valuePosition && needsExact(s, i, end)) exact.push(i, end);
      }
      prev = 0x30;
      i = end;
    } else {
      if (c > 0x20) prev = c;
      i++;
    }
  }
  return { exact, reviver };
}

function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}

/** True when the (valid) number literal in [a, b) cannot be held exactly by a JS number. */
function needsExact(s: string, a: number, b: number): boolean {
  const digitsStart = s.charCodeAt(a) === 0x2d ? a + 1 : a;
  let mantissaEnd = b;
  let point = -1;
  for (let i = digitsStart; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2e) point = i;
    else if (c === 0x65 || c === 0x45) {
      mantissaEnd = i;
      break;
    }
  }
  if (point === -1 && mantissaEnd === b) {
    // A plain integer: exact up to 2^53 - 1.
    const length = b - digitsStart;
    if (length !== MAX_SAFE.length) return length > MAX_SAFE.length;
    return s.slice(digitsStart, b) > MAX_SAFE;
  }
  const mantissa =
    point === -1 ? s.slice(digitsStart, mantissaEnd) : s.slice(digitsStart, point) + s.slice(point + 1, mantissaEnd);
  let first = 0;
  while (first < mantissa.length && mantissa.charCodeAt(first) === 0x30) first++;
  if (first === mantissa.length) return false; // zero
  let last = mantissa.length;
  while (mantissa.charCodeAt(last - 1) === 0x30) last--;
  if (last - first > 15) return true;
  const v = Math.abs(Number(s.slice(a, b)));
  return !Number.isFinite(v) || v < MIN_NORMAL;
}

function quoteSpans(s: string, spans: readonly number[]): string {
  const parts: string[] = [];
  let last = 0;
  for (let k = 0; k < spans.length; k += 2) {
    const a = spans[k] ?? 0;
    const b = spans[k + 1] ?? a;
    parts.push(s.slice(last, a), '"', s.slice(a, b), '"');
    last = b;
  }
  parts.push(s.slice(last));
  return parts.join("");
}

function malformed(reason: string): ParseError {
  return new ParseError("json", "malformed", `malformed JSON: ${reason}`);
}
