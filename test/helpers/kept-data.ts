import { unknownData } from "../../generated/runtime/read-options.js";

/** A read value as plain data with what its reader kept beside it (`unknownData`) put back in, at every level: the whole answer. */
export function withKept(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withKept);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = withKept(v);
  for (const [key, v] of Object.entries(unknownData(value)?.fields ?? {}))
    if (!(key in out)) out[key] = v;
  return out;
}
