/**
 * Reading typed values out of a parsed body (XML text or JSON values), for the
 * generated response parsers. A value of the wrong shape throws `ParseError`
 * (`unexpected-shape`) naming the path, never the value. Integers are range
 * checked; longs and decimals stay exact strings.
 */
import { ParseError } from "./errors.js";
import { decimalFromNumber, isDecimal, isLong } from "./scalars.js";

/** The body format a value came from; it only changes the error's `format`. */
export type BodyFormat = "xml" | "json";

/** A parsed object: JSON object or XML element, read through own properties only. */
export type ParsedObject = { readonly [key: string]: unknown };

/**
 * A JSON number as the parser for readers gives it: its source text, and the
 * value `parseJson` would give (a number, or the exact text when a number
 * cannot hold it). Readers take decimals from the text, so no digit or scale is lost.
 */
export class JsonNumber {
  constructor(
    readonly text: string,
    readonly value: number | string,
  ) {}
}

/**
 * The names of an XML element's child elements in document order, one per
 * occurrence (the parsed tree groups repeated children, which loses the order
 * between different names). Set by `parseXml`, not enumerable.
 */
export const CHILD_ORDER: unique symbol = Symbol("paygen.xml.childOrder");

/**
 * The error for a value of the wrong shape. Readers take the parent path and
 * the key separately, so the full path is only built when something is wrong.
 */
function shape(format: BodyFormat, path: string, expected: string, key?: string): ParseError {
  const full = key === undefined ? path : at(path, key);
  return new ParseError(format, "unexpected-shape", `${full || "(root)"}: expected ${expected}`);
}

/** An own property, never one inherited from a prototype (so `constructor` is just a name). */
export function own(obj: ParsedObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** A child path: `a.b`, or `b` at the root. */
export function at(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** An object. In XML an element without content (`<a/>`, or white space only) is an empty object. */
export function readObject(v: unknown, format: BodyFormat, path: string): ParsedObject {
  if (format === "xml" && typeof v === "string" && v.trim() === "") return {};
  if (typeof v === "object" && v !== null && !Array.isArray(v)) return v as ParsedObject;
  throw shape(format, path, "an object");
}

export function readString(v: unknown, format: BodyFormat, path: string, key?: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") return v;
  if (format === "xml" && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0) return "";
  throw shape(format, path, "text", key);
}

export function readBoolean(v: unknown, format: BodyFormat, path: string, key?: string): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "boolean") return v;
  if (typeof v === "string") {
    const t = v.trim();
    if (t === "true" || t === "1") return true;
    if (t === "false" || t === "0") return false;
  }
  throw shape(format, path, "a boolean", key);
}

/** A 16- or 32-bit integer. */
export function readInteger(v: unknown, format: BodyFormat, path: string, bits: 16 | 32, key?: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  const limit = bits === 16 ? 0x8000 : 0x80000000;
  let n: number | undefined;
  if (typeof v === "number") n = v;
  else if (typeof v === "string" && /^\s*[-+]?\d{1,12}\s*$/.test(v)) n = Number(v);
  if (n === undefined || !Number.isInteger(n) || n < -limit || n >= limit) throw shape(format, path, `a ${bits}-bit integer`, key);
  return n;
}

/** A 64-bit integer as exact text. A JSON number is accepted only when it is a safe integer. */
export function readLong(v: unknown, format: BodyFormat, path: string, key?: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") {
    const t = v.trim();
    if (isLong(t)) return t;
  } else if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  throw shape(format, path, "a 64-bit integer", key);
}

/** A decimal as exact text; a JSON number is converted without exponent. */
export function readDecimal(v: unknown, format: BodyFormat, path: string, key?: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") {
    const t = v.trim();
    if (isDecimal(t)) return t;
  } else if (typeof v === "number") {
    const d = decimalFromNumber(v);
    if (d !== undefined) return d;
  }
  throw shape(format, path, "a decimal", key);
}

/** Entries of a list: an array, or one value standing alone (XML repeats elements without a wrapper). */
export function readList<T>(v: unknown, format: BodyFormat, path: string, item: (value: unknown, path: string) => T | undefined): T[] | undefined {
  if (v === undefined || v === null) return undefined;
  const values = Array.isArray(v) ? v : format === "xml" ? [v] : undefined;
  if (values === undefined) throw shape(format, path, "a list");
  const out: T[] = [];
  values.forEach((value, index) => {
    const read = item(value, `${path}[${index}]`);
    if (read !== undefined) out.push(read);
  });
  return out;
}

/** An XML list inside a wrapper element: `<ids><long>1</long><long>2</long></ids>`. */
export function readWrappedList<T>(v: unknown, itemName: string, path: string, item: (value: unknown, path: string) => T | undefined): T[] | undefined {
  if (v === undefined || v === null) return undefined;
  const wrapper = readObject(v, "xml", path);
  return readList(own(wrapper, itemName), "xml", at(path, itemName), item) ?? [];
}

/**
 * A fresh object holding the entries whose value is defined, in order. Keys
 * are own data properties, so no key can reach a prototype: on a fresh plain
 * object only `__proto__` is an accessor, and that key is defined rather than
 * assigned (assignment is kept for every other key: it is much faster).
 */
export function compact<T>(entries: readonly (readonly [string, unknown])[]): T {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as readonly [string, unknown];
    const value = entry[1];
    if (value === undefined) continue;
    const key = entry[0];
    if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out as T;
}

/** Copies the properties of `source` that are not in `known` (for bodies the documents show only in part). */
export function keepUnknown<T>(target: T, source: ParsedObject, known: ReadonlySet<string>): T {
  for (const key of Object.keys(source)) {
    if (!known.has(key) && key !== "__proto__") {
      Object.defineProperty(target, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    }
  }
  return target;
}

/** The own properties of `value` that are not in `known`, for writing open types. */
export function extraProperties(value: object, known: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!known.has(key) && key !== "__proto__") {
      Object.defineProperty(out, key, { value: (value as Record<string, unknown>)[key], enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

/** Reads a value with `read` unless it is absent (`undefined` or JSON `null`). */
export function optional<T>(v: unknown, path: string, read: (value: unknown, path: string) => T): T | undefined {
  return v === undefined || v === null ? undefined : read(v, path);
}
