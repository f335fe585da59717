import type { ConstValue, ScalarName } from "../../model/vocabulary.js";
import { canonicalNumberText, isJsonNumber, type JsonValue } from "../json/json-value.js";

/** A `const` as a constant of the field's scalar: text for strings, decimals and longs, a number for 16/32-bit integers and doubles, a boolean; undefined when it does not fit. */
export function constOf(value: JsonValue, scalar: ScalarName): ConstValue | undefined {
  if (typeof value === "string") return scalar === "string" ? value : undefined;
  if (typeof value === "boolean") return scalar === "boolean" ? value : undefined;
  if (!isJsonNumber(value)) return undefined;
  const text = canonicalNumberText(value.number);
  if (scalar === "decimal" || scalar === "long") return text;
  if (scalar === "double" && Number.isFinite(Number(text))) return Number(text);
  if (
    (scalar === "short" || scalar === "int") &&
    /^-?\d+$/.test(text) &&
    Number.isSafeInteger(Number(text))
  )
    return Number(text);
  return undefined;
}
