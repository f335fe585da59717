/**
 * Values a contract allows to be anything (`{}`, a schema with a description
 * only, `additionalProperties: {}`): any JSON value, read, checked and
 * written as it is. Numbers keep their source text (`JsonNumberText`), so
 * `12.30` stays `12.30` and `12345678901234567890` keeps every digit: a value
 * read and written again is the same JSON.
 */
import { ParseError } from "./errors.js";
import { JsonNumber, REQUIRED, type ReadContext, type Required } from "./read-values.js";
import type { Issues } from "./validate.js";
import { JsonNumberText } from "./json-number-text.js";

export { JsonNumberText } from "./json-number-text.js";

/** The deepest value read or checked, as the JSON parser's default limit. */
const MAX_DEPTH = 256;

/** Any JSON value; numbers as their exact text. */
export type JsonValue =
  | string
  | boolean
  | null
  | JsonNumberText
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/**
 * Reads any JSON value out of a parsed body, at `path` (and `key` under it,
 * for a field). Null is a value; absent is `undefined`, or a `ParseError`
 * when `need` is `REQUIRED`.
 */
export function readJsonValue(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  need: Required,
): JsonValue;
export function readJsonValue(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
): JsonValue | undefined;
export function readJsonValue(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
): JsonValue | undefined {
  const full = key === undefined ? path : path === "" ? key : `${path}.${key}`;
  if (v === undefined) {
    if (need === REQUIRED && o.errorResult !== true)
      throw new ParseError(
        o.format,
        "unexpected-shape",
        `${full || "(root)"}: required property is missing`,
      );
    return undefined;
  }
  return copy(v, o, full, 0);
}

function copy(v: unknown, o: ReadContext, path: string, depth: number): JsonValue {
  if (depth > MAX_DEPTH)
    throw new ParseError(o.format, "unexpected-shape", `${path || "(root)"}: nested too deeply`);
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (v instanceof JsonNumber) return new JsonNumberText(v.text);
  if (typeof v === "number" && Number.isFinite(v))
    return new JsonNumberText(String(v).replace(/e\+/, "e"));
  if (Array.isArray(v)) return v.map((item, i) => copy(item, o, `${path}[${i}]`, depth + 1));
  if (typeof v === "object") {
    const out: { [key: string]: JsonValue } = {};
    for (const k of Object.keys(v)) {
      if (k === "__proto__") continue;
      Object.defineProperty(out, k, {
        value: copy((v as Record<string, unknown>)[k], o, `${path}.${k}`, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  throw new ParseError(o.format, "unexpected-shape", `${path || "(root)"}: expected a JSON value`);
}

/** Checks that a value is a JSON value (`JsonValue`): strings, booleans, null, `JsonNumberText`, arrays and plain objects of them. */
export function checkJsonValue(v: unknown, path: string, issues: Issues, depth = 0): boolean {
  const fail = (): false => {
    issues.push({
      path,
      code: "type",
      message: "must be a JSON value (numbers as JsonNumberText)",
    });
    return false;
  };
  if (depth > MAX_DEPTH) return fail();
  if (v === null || typeof v === "string" || typeof v === "boolean" || v instanceof JsonNumberText)
    return true;
  if (Array.isArray(v))
    return v.every((item, i) => checkJsonValue(item, `${path}[${i}]`, issues, depth + 1));
  if (
    typeof v === "object" &&
    (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)
  ) {
    return Object.keys(v).every((k) =>
      checkJsonValue((v as Record<string, unknown>)[k], `${path}.${k}`, issues, depth + 1),
    );
  }
  return fail();
}
