/**
 * JSON on the wire: a hardened parser that keeps every digit of large numbers,
 * refuses duplicate keys and never lets a `__proto__` key through, and the one
 * place request bodies are written.
 */

import {
  bodyText,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  skipSpace,
  type ParseLimits,
} from "./body.js";
import { ParseError } from "./errors.js";
import { JsonNumber } from "./read-values.js";
import { isDecimal } from "./scalars.js";
import { JsonNumberText } from "./json-number-text.js";

export { JsonNumberText } from "./json-number-text.js";

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
/**
 * A run of characters with no control character among them (greedy, from
 * `lastIndex`): every UTF-16 unit from space up, one range (faster than the
 * negated class it equals).
 */
const NO_CONTROL = /[ -\uffff]*/y;
const HEX4 = /^[0-9A-Fa-f]{4}$/;
/** Text `JSON.stringify` writes as is: no quote, backslash, control character or surrogate (one greedy pass). */
const PLAIN_TEXT = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;
/** Text of printable ASCII characters only (space to `~`). */
const PRINTABLE_ASCII = /^[ -~]*$/;
const MAX_SAFE = "9007199254740991";
const MIN_NORMAL = 2.2250738585072014e-308;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/**
 * Parses a JSON response body, or throws `ParseError` (`json`): `empty`,
 * `not-json` (an HTML page, plain text), `too-large` (checked before reading),
 * `too-deep`, or `malformed` (truncated, invalid, or an object with the same
 * key twice: the last one would otherwise silently win). A leading byte-order
 * mark is tolerated. `__proto__` keys are dropped at every depth; `constructor`
 * and `prototype` keys stay ordinary own data. Large numbers keep every digit
 * (see `JsonValue`).
 *
 * One linear pass, with no recursion: strings are found with `indexOf` and
 * decoded only where they hold escapes.
 */
export function parseJson(input: string | Uint8Array, limits?: ParseLimits): JsonValue {
  return parseDocument(input, limits, false) as JsonValue;
}

/**
 * `parseJson` for the generated readers: the same checks, but every number is
 * a `JsonNumber` holding its source text, so a decimal keeps its scale
 * (`12.30`) and a number is never mistaken for text.
 */
export function parseJsonTree(input: string | Uint8Array, limits?: ParseLimits): unknown {
  return parseDocument(input, limits, true);
}

function parseDocument(
  input: string | Uint8Array,
  limits: ParseLimits | undefined,
  numberText: boolean,
): unknown {
  const maxDepth = limits?.maxDepth ?? DEFAULT_MAX_DEPTH;
  const text = bodyText(input, "json", limits?.maxBytes ?? DEFAULT_MAX_BYTES);
  const start = skipSpace(text, 0);
  if (start === text.length) throw new ParseError("json", "empty", "JSON body is empty");
  if (!looksLikeJson(text, start)) {
    throw new ParseError("json", "not-json", "the body is not JSON (an HTML page or plain text)");
  }
  return new JsonParser(text, maxDepth, numberText).document(start);
}

/** An open object or array. */
interface Frame {
  readonly array: unknown[] | undefined;
  readonly object: Record<string, unknown> | undefined;
  /** The key whose value is being read (objects); `undefined` for a `__proto__` key, whose value is dropped. */
  key: string | undefined;
}

/**
 * Raw control characters (which a JSON string must escape) in ranges of one
 * text, asked about from left to right: the next one found is remembered, so
 * all the questions about a text cost one pass over it.
 */
class ControlCharacters {
  /** The next control character at or after the last range asked about (-1: none left). */
  private next = -2;

  constructor(private readonly s: string) {}

  /** Whether [a, b) holds one; each range starts at or after the previous range's start. */
  within(a: number, b: number): boolean {
    if (this.next !== -1 && this.next < a) {
      NO_CONTROL.lastIndex = a;
      NO_CONTROL.test(this.s);
      this.next = NO_CONTROL.lastIndex === this.s.length ? -1 : NO_CONTROL.lastIndex;
    }
    return this.next !== -1 && this.next < b;
  }
}

/**
 * The parser of one JSON text, read from left to right: a whole document
 * (`document`), or, for a reader that walks the text itself
 * (`read-description-json.ts`), one value or string at a time, each with the
 * same checks.
 */
export class JsonParser {
  /** The next backslash at or after a position (-1: none left); cached so the parse stays linear. */
  private nextBackslash = -2;
  /** The index after the last string or value read. */
  end = 0;
  private readonly controls: ControlCharacters;

  constructor(
    readonly s: string,
    readonly maxDepth: number,
    private readonly numberText: boolean,
  ) {
    this.controls = new ControlCharacters(s);
  }

  /** The document whose first value starts at `start`: nothing but white space may follow it. */
  document(start: number): unknown {
    return this.parse(start, 0, true);
  }

  /** The value starting at `start` (white space before it skipped), inside `depth` open objects and arrays; `end` is then the index after it. */
  valueAt(start: number, depth: number): unknown {
    return this.parse(start, depth, false);
  }

  private parse(start: number, depth: number, whole: boolean): unknown {
    const s = this.s;
    const stack: Frame[] = [];
    let i = start;
    for (;;) {
      // A value starts at i (after white space).
      i = skipSpace(s, i);
      let value: unknown;
      const c = s.charCodeAt(i);
      if (c === 0x7b || c === 0x5b) {
        if (depth + stack.length >= this.maxDepth) {
          throw new ParseError(
            "json",
            "too-deep",
            `JSON objects and arrays are nested deeper than ${this.maxDepth} levels`,
          );
        }
        const isArray = c === 0x5b;
        i = skipSpace(s, i + 1);
        if (s.charCodeAt(i) === (isArray ? 0x5d : 0x7d)) {
          value = isArray ? [] : {};
          i++;
        } else {
          const frame: Frame = isArray
            ? { array: [], object: undefined, key: undefined }
            : { array: undefined, object: {}, key: undefined };
          stack.push(frame);
          if (!isArray) i = this.key(frame, i, stack);
          continue;
        }
      } else if (c === 0x22) {
        value = this.string(i);
        i = this.end;
      } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(s)) throw malformed("invalid number");
        const end = NUMBER.lastIndex;
        value = this.number(i, end);
        i = end;
      } else if (s.startsWith("true", i)) {
        value = true;
        i += 4;
      } else if (s.startsWith("false", i)) {
        value = false;
        i += 5;
      } else if (s.startsWith("null", i)) {
        value = null;
        i += 4;
      } else {
        throw malformed(i >= s.length ? "truncated" : "unexpected character where a value belongs");
      }
      // A value is complete: put it into its container, closing containers as they end.
      for (;;) {
        const frame = stack[stack.length - 1];
        if (frame === undefined) {
          if (!whole) this.end = i;
          else if (skipSpace(s, i) !== s.length) throw malformed("more than one value");
          return value;
        }
        if (frame.array !== undefined) frame.array.push(value);
        else if (frame.object !== undefined && frame.key !== undefined)
          frame.object[frame.key] = value;
        i = skipSpace(s, i);
        const next = s.charCodeAt(i);
        if (next === 0x2c) {
          i++;
          if (frame.object !== undefined) i = this.key(frame, i, stack);
          break;
        }
        if (next === (frame.array !== undefined ? 0x5d : 0x7d)) {
          i++;
          stack.pop();
          value = frame.array ?? frame.object;
          continue;
        }
        throw malformed(
          i >= s.length
            ? "truncated"
            : `expected ',' or '${frame.array !== undefined ? "]" : "}"}'`,
        );
      }
    }
  }

  /** Reads `"key" :` at i into `frame` (refusing a key the object already has); returns where its value starts. */
  private key(frame: Frame, from: number, stack: readonly Frame[]): number {
    const s = this.s;
    const i = skipSpace(s, from);
    if (s.charCodeAt(i) !== 0x22) throw malformed(i >= s.length ? "truncated" : "expected a key");
    const key = this.string(i);
    let colon = this.end;
    if (s.charCodeAt(colon) !== 0x3a) {
      colon = skipSpace(s, colon);
      if (s.charCodeAt(colon) !== 0x3a)
        throw malformed(colon >= s.length ? "truncated" : "expected ':' after a key");
    }
    if (key === "__proto__") frame.key = undefined;
    else {
      if (frame.object !== undefined && Object.prototype.hasOwnProperty.call(frame.object, key)) {
        throw malformed(`duplicate key ${quoteKey(key)}${where(stack)}`);
      }
      frame.key = key;
    }
    return colon + 1;
  }

  /** The string whose opening quote is at i, decoded; `end` is then the index after its closing quote. */
  string(i: number): string {
    const s = this.s;
    let from = i + 1;
    let segment = from;
    let out = "";
    for (;;) {
      const quote = s.indexOf('"', from);
      if (quote === -1) throw malformed("unterminated string");
      if (this.nextBackslash !== -1 && this.nextBackslash < from)
        this.nextBackslash = s.indexOf("\\", from);
      const backslash = this.nextBackslash;
      if (backslash === -1 || backslash > quote) {
        this.checkControl(segment, quote);
        this.end = quote + 1;
        return out + s.slice(segment, quote);
      }
      this.checkControl(segment, backslash);
      out += s.slice(segment, backslash);
      const e = s.charAt(backslash + 1);
      if (e === "u") {
        const hex = s.slice(backslash + 2, backslash + 6);
        if (!HEX4.test(hex))
          throw malformed(backslash + 6 > s.length ? "truncated" : "invalid \\u escape");
        out += String.fromCharCode(parseInt(hex, 16));
        from = backslash + 6;
      } else {
        const decoded = ESCAPES[e];
        if (decoded === undefined) throw malformed(e === "" ? "truncated" : "invalid escape");
        out += decoded;
        from = backslash + 2;
      }
      segment = from;
    }
  }

  /** Refuses a raw control character in [a, b), which JSON strings must escape. */
  private checkControl(a: number, b: number): void {
    if (this.controls.within(a, b)) throw malformed("a control character in a string");
  }

  private number(a: number, b: number): unknown {
    const text = this.s.slice(a, b);
    const value = needsExact(this.s, a, b) ? text : Number(text);
    return this.numberText ? new JsonNumber(text, value) : value;
  }
}

/** Where a duplicate key is: the path of its object, built only for the message. */
function where(stack: readonly Frame[]): string {
  const parts: string[] = [];
  for (let k = 0; k < stack.length - 1; k++) {
    const frame = stack[k] as Frame;
    const name = quoteKey(frame.key ?? "__proto__");
    parts.push(
      frame.array !== undefined
        ? `[${frame.array.length}]`
        : parts.length === 0
          ? name
          : `.${name}`,
    );
  }
  return parts.length === 0 ? "" : ` in ${parts.join("")}`;
}

/** A key for a message: as is when it looks like a name, else left out (keys come from the body). */
function quoteKey(key: string): string {
  return /^[A-Za-z_$][\w$.-]{0,63}$/.test(key) ? key : "(a key)";
}

/**
 * A long's or decimal's text as the JSON number it is: leading zeros dropped
 * and a bare point completed (`"007"` → `7`, `".5"` → `0.5`, `"5."` → `5`),
 * the scale kept (`"12.50"` → `12.50`).
 * @throws TypeError when `text` is not decimal text (nothing but a number is ever written raw).
 */
export function jsonNumber(text: string): JsonNumberText {
  const m = isDecimal(text) ? DECIMAL_TEXT.exec(text) : null;
  if (m === null)
    throw new TypeError(
      "jsonNumber: the value is not a number's text (optional '-', digits, at most one point)",
    );
  const int = (m[2] ?? "").replace(LEADING_ZEROS, "") || "0";
  const frac = m[3] ?? "";
  return new JsonNumberText(`${m[1] ?? ""}${int}${frac === "" ? "" : `.${frac}`}`);
}

const DECIMAL_TEXT = /^(-)?([0-9]*)(?:\.([0-9]*))?$/;
const LEADING_ZEROS = /^0+(?=.)|^0+$/;

/**
 * Writes a request body as JSON, as `JSON.stringify` does (properties whose
 * value is `undefined` omitted, `toJSON` honoured), except that a
 * `JsonNumberText` is written as its number literal.
 * @throws TypeError when the value has no JSON form (`undefined`, a function,
 * a bigint, NaN or an infinity, which `JSON.stringify` would turn into `null`)
 * or refers to itself.
 */
export function stringifyJson(value: unknown): string {
  return jsonTextOf(writeJson(value, 0, new Set()));
}

/**
 * A value's JSON text, written already: `writeJson` writes it as it is. The
 * generic writer (`write-description.ts`) hands it what it wrote of a
 * described value inside a list, a map or an object it writes as held.
 */
export class WrittenJson {
  constructor(readonly text: string) {}
}

/** `text`, the JSON text of a whole body, or the error of a body with no JSON form. */
export function jsonTextOf(text: string | undefined): string {
  if (text === undefined) throw new TypeError("stringifyJson: the value has no JSON form");
  return text;
}

/**
 * Objects and arrays this deep or deeper are remembered while they are
 * written: a value that refers to itself is still refused (once its cycle has
 * been followed this far), and the common shallow value costs no look-up.
 */
const UNCHECKED_DEPTH = 32;

/**
 * The text `stringifyJson` writes for `v` where it stands `depth` objects or
 * arrays deep, `open` holding the deep ones being written (its check of a
 * value that refers to itself), or `undefined` where it writes nothing (an
 * object's member left out, `null` in a list). The generic writer
 * (`write-description.ts`) writes a described value's text itself and hands
 * this the values it holds as they are.
 */
export function writeJson(v: unknown, depth: number, open: Set<object>): string | undefined {
  if (typeof v === "string") return quoted(v);
  if (typeof v === "number" && !Number.isFinite(v))
    throw new TypeError("stringifyJson: NaN and infinities have no JSON form");
  if (v instanceof JsonNumberText) return v.text;
  if (
    v === null ||
    typeof v !== "object" ||
    v instanceof Number ||
    v instanceof String ||
    v instanceof Boolean
  )
    return JSON.stringify(v) as string | undefined;
  if (v instanceof WrittenJson) return v.text;
  const toJSON = (v as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return writeJson(toJSON.call(v), depth, open);
  if (depth >= UNCHECKED_DEPTH) {
    if (open.has(v)) throw new TypeError("stringifyJson: the value refers to itself");
    open.add(v);
  }
  // Every item or member's text is non-empty: an empty `out` is the start (no comma before it).
  let out = "";
  if (Array.isArray(v))
    for (let i = 0; i < v.length; i++)
      out += `${out && ","}${writeJson(v[i] as unknown, depth + 1, open) ?? "null"}`;
  else
    for (const key of Object.keys(v)) {
      const text = writeJson((v as Record<string, unknown>)[key], depth + 1, open);
      if (text !== undefined) out += `${out && ","}${quotedKey(key)}:${text}`;
    }
  open.delete(v);
  return Array.isArray(v) ? `[${out}]` : `{${out}}`;
}

/** Property names as JSON text, the first thousand short ones met: bodies use a few names many times. */
const QUOTED_KEYS = /* @__PURE__ */ new Map<string, string>();

/** A property name as JSON text (`quoted`), remembered. */
function quotedKey(key: string): string {
  let text = QUOTED_KEYS.get(key);
  if (text === undefined) {
    text = quoted(key);
    if (QUOTED_KEYS.size < 1000 && key.length <= 64) QUOTED_KEYS.set(key, text);
  }
  return text;
}

/** A string as JSON text, as `JSON.stringify` writes it; one that needs no escape is quoted as is, without a call. */
export function quoted(s: string): string {
  // Printable ASCII, the common text, is found by a simpler (faster) pattern; then only a quote
  // or a backslash needs an escape.
  if (PRINTABLE_ASCII.test(s))
    return s.indexOf('"') === -1 && s.indexOf("\\") === -1 ? `"${s}"` : JSON.stringify(s);
  return PLAIN_TEXT.test(s) ? `"${s}"` : JSON.stringify(s);
}

function looksLikeJson(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c === 0x7b || c === 0x5b || c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39)) return true;
  // A literal, possibly truncated (`tru` is malformed JSON, `nope` is not JSON).
  return ["true", "false", "null"].some((literal) =>
    literal.startsWith(s.slice(i, i + literal.length)),
  );
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
    point === -1
      ? s.slice(digitsStart, mantissaEnd)
      : s.slice(digitsStart, point) + s.slice(point + 1, mantissaEnd);
  let first = 0;
  while (first < mantissa.length && mantissa.charCodeAt(first) === 0x30) first++;
  if (first === mantissa.length) return false; // zero
  let last = mantissa.length;
  while (mantissa.charCodeAt(last - 1) === 0x30) last--;
  if (last - first > 15) return true;
  const v = Math.abs(Number(s.slice(a, b)));
  return !Number.isFinite(v) || v < MIN_NORMAL;
}

function malformed(reason: string): ParseError {
  return new ParseError("json", "malformed", `malformed JSON: ${reason}`);
}
