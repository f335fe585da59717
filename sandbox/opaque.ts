/**
 * Bodies the documents do not show are typed `OpaqueBody` by the generated
 * package. The sandbox builds them as plain objects and turns them into that
 * type here: `undefined` properties are dropped, anything that has no JSON
 * form is refused.
 */
import type { OpaqueBody, OpaqueValue } from "../generated/runtime/opaque.js";

export function opaqueValue(value: unknown): OpaqueValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("a number in a body must be finite");
    return value;
  }
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(opaqueValue);
  if (typeof value === "object") return opaqueBody(value);
  throw new TypeError("the value has no JSON form");
}

export function opaqueBody(value: object): OpaqueBody {
  const out: Record<string, OpaqueValue> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) out[key] = opaqueValue(item);
  }
  return out;
}

/** Whether an opaque value is an object (not a list, not a scalar). */
export function isOpaqueObject(value: OpaqueValue | undefined): value is OpaqueBody {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
