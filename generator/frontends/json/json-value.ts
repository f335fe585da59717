import type { JsonNode } from "./json-node.js";

/**
 * A JSON value without positions, for what a model keeps as data (enum
 * values, defaults, constants, examples). Numbers stay exact: a number is
 * `{ number: "12.30" }`, its source text; objects are maps, so any key is
 * data.
 */
export type JsonValue =
  null | boolean | string | JsonNumberValue | readonly JsonValue[] | ReadonlyMap<string, JsonValue>;

/** A number as written in the source. */
export interface JsonNumberValue {
  readonly number: string;
}

/** The value of a node, positions dropped. */
export function toJsonValue(node: JsonNode): JsonValue {
  switch (node.kind) {
    case "null":
      return null;
    case "boolean":
    case "string":
      return node.value;
    case "number":
      return { number: node.text };
    case "array":
      return node.items.map(toJsonValue);
    case "object":
      return new Map([...node.members.values()].map((m) => [m.key, toJsonValue(m.value)]));
  }
}

/** Whether a value is a number (`{ number }`). */
export function isJsonNumber(value: JsonValue): value is JsonNumberValue {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Map)
  );
}

/**
 * A canonical text of a value: equal values give equal texts (numbers are
 * compared by their mathematical value where it is exact, `1.0` as `1`).
 */
export function canonicalJsonText(value: JsonValue): string {
  if (value === null || typeof value === "boolean" || typeof value === "string")
    return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJsonText).join(",")}]`;
  if (value instanceof Map) {
    const keys = [...value.keys()].sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJsonText(value.get(k)!)}`).join(",")}}`;
  }
  return canonicalNumberText((value as JsonNumberValue).number);
}

/** `1.50` → `1.5`, `1e2` → `100`, `-0` → `0`: the shortest exact decimal, for comparing numbers written differently. */
export function canonicalNumberText(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return text;
  const negative = m[1] === "-";
  let digits = `${m[2]!}${m[3] ?? ""}`;
  let exponent = Number(m[4] ?? "0") - (m[3]?.length ?? 0);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 10_000) return text;
  digits = digits.replace(/^0+/, "");
  if (digits === "") return "0";
  while (digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    exponent += 1;
  }
  let out: string;
  if (exponent >= 0) out = digits + "0".repeat(exponent);
  else if (-exponent < digits.length)
    out = `${digits.slice(0, digits.length + exponent)}.${digits.slice(digits.length + exponent)}`;
  else out = `0.${"0".repeat(-exponent - digits.length)}${digits}`;
  return negative ? `-${out}` : out;
}
