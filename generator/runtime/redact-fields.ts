/**
 * The redactor of a type that holds sensitive values, described instead of
 * spelled out: the generated redactor lists the fields to rewrite (each with
 * the kind its values are redacted as, or the redactor of its own type) and
 * this function makes the copy fit for logs. Every other field is copied as it is.
 */
import { eachValue, ownValue, setOwn, type FieldShape } from "./field-values.js";
import { redact, type SensitiveKind } from "./redact.js";

/**
 * A field a redactor rewrites: its name; the kind its values are redacted as
 * (`redact`), or the function that redacts each of them (a nested type's
 * redactor, a query's); and its shape.
 */
export type RedactedField = readonly [
  name: string,
  redaction: SensitiveKind | ((value: never) => unknown),
  shape?: FieldShape,
];

/**
 * A copy of `value` (or of `start`, an extension's base redacted already)
 * with each present field of `fields` redacted; `null` stays null. Only own
 * properties are read.
 */
export function redactFields<T extends object>(
  value: T,
  fields: readonly RedactedField[],
  start?: object,
): T {
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...(start ?? value) };
  for (const [name, redaction, shape] of fields) {
    const v = ownValue(from, name);
    if (v === undefined) continue;
    const one =
      typeof redaction === "string"
        ? (item: unknown) => redact(redaction, item)
        : (redaction as (value: unknown) => unknown);
    setOwn(out, name, eachValue(v, one, shape));
  }
  return out as T;
}
