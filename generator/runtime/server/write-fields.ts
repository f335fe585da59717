/**
 * The JSON writer of an object type, described instead of spelled out: the
 * generated writer of a type lists its documented fields in schema order
 * (each a name, or a name with the write its values go through: a nested
 * type's writer, or `jsonNumber` for a long or decimal carried as a number)
 * and this function writes them. A server's answer writers (`jsonOf<Type>`
 * of `server.ts`) use it; a client writes through the type's description
 * (`write-description.ts`), so no client entry holds this module.
 */
import { eachValue, ownValue, setOwn, type FieldShape } from "../field-values.js";
import { unknownData } from "../read-options.js";
import { keptProperties } from "../read-values.js";

export type { FieldShape } from "../field-values.js";

/**
 * A documented field as a writer writes it: its name when its value is written
 * as is, else its name, the write of each of its values, and its shape.
 */
export type WrittenField =
  string | readonly [name: string, write: (value: never) => unknown, shape?: FieldShape];

/**
 * Writes `fields` of `value`, in the order given, into `start` (what the type
 * writes before its fields: an open type's extra properties, an extension's
 * base) or a fresh object. An absent field is left out and `null` is written
 * as null. Without `start`, what a reader kept beside the value (`"keep"`
 * mode) follows the fields, so a value read and written loses nothing; with
 * it, `start` holds that already. Only own properties are read: a field named
 * like an `Object.prototype` member is absent unless the value has it.
 */
export function writeFields(
  value: object,
  fields: readonly WrittenField[],
  start?: Record<string, unknown>,
): Record<string, unknown> {
  const from = value as Record<string, unknown>;
  const out = start ?? {};
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (typeof field === "string") {
      const v = ownValue(from, field);
      if (v !== undefined) setOwn(out, field, v);
    } else {
      const v = ownValue(from, field[0]);
      if (v !== undefined)
        setOwn(out, field[0], eachValue(v, field[1] as (value: unknown) => unknown, field[2]));
    }
  }
  // Most values hold nothing kept: only a value a keep-mode reader returned does.
  if (start === undefined && unknownData(value) !== undefined) {
    const kept = keptProperties(value);
    for (const key of Object.keys(kept)) setOwn(out, key, kept[key]);
  }
  return out;
}
