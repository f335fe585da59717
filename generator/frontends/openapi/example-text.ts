import { isJsonNumber, type JsonValue } from "../json/json-value.js";

/** A value of the contract (an example, a default, a `const`, an enum member) as the description's text. */
export function exampleText(v: JsonValue): string {
  return typeof v === "string" ? v : isJsonNumber(v) ? v.number : JSON.stringify(plain(v));
}

/** A JSON value as plain data, for `JSON.stringify`. */
function plain(v: JsonValue): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Map) return Object.fromEntries([...v.entries()].map(([k, x]) => [k, plain(x)]));
  return Number((v as { number: string }).number);
}
