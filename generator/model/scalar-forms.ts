import type { Field } from "./ir.js";
import type { ScalarName } from "./vocabulary.js";

/** How a JSON body carries a value: a number literal, a string, `true`/`false`, or any JSON value (`JsonValue`). */
export type JsonForm = "number" | "string" | "boolean" | "any";

/**
 * Each scalar's form in a JSON body, decided here once for every emitter:
 * integers and decimals are JSON numbers, as a contract's `integer` and
 * `number` are. `long` and `decimal` are held as exact text in TypeScript
 * and written as the number literal that text is, never through a float.
 */
const JSON_FORMS: Readonly<Record<ScalarName, JsonForm>> = {
  string: "string",
  boolean: "boolean",
  short: "number",
  int: "number",
  long: "number",
  decimal: "number",
  double: "number",
  date: "string",
  dateTime: "string",
  gYearMonth: "string",
  base64: "string",
  uri: "string",
  json: "any",
};

/** The scalars held as exact text in TypeScript: a JSON number of theirs is written from the text. */
const EXACT_TEXT: ReadonlySet<ScalarName> = new Set(["long", "decimal"]);

/** The scalars a field may carry as a JSON string of their text (`jsonString`), because a contract writes them so. */
export const JSON_STRING_SCALARS: readonly ScalarName[] = [...EXACT_TEXT];

/** A scalar field's form in JSON: the scalar's own, or a string when the contract carries the number as one (`Field.jsonString`). */
export function jsonFormOf(field: Pick<Field, "type" | "jsonString">): JsonForm | undefined {
  if (field.type.kind !== "scalar") return undefined;
  if (field.jsonString && EXACT_TEXT.has(field.type.name)) return "string";
  return JSON_FORMS[field.type.name];
}

/** Whether a JSON writer writes the field's value (exact text) as a number literal: a long or decimal in its number form. */
export function writesNumberText(field: Pick<Field, "type" | "jsonString">): boolean {
  return (
    field.type.kind === "scalar" &&
    EXACT_TEXT.has(field.type.name) &&
    jsonFormOf(field) === "number"
  );
}

/** The function of the runtime's `scalars.ts` that writes a scalar's XML text, for the scalars not written as they are held. */
const XML_TEXT_WRITERS: Readonly<Partial<Record<ScalarName, string>>> = {
  // XSD lexical form: `INF`, `-INF`, `NaN` for the specials, which `String` writes otherwise.
  double: "doubleToXsd",
};

/** The runtime function writing the field's XML text, or undefined when the value is written as it is held. */
export function xmlTextWriter(field: Pick<Field, "type">): string | undefined {
  return field.type.kind === "scalar" ? XML_TEXT_WRITERS[field.type.name] : undefined;
}
