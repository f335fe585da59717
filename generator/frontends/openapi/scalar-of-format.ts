import type { Note, ScalarName } from "../../model/vocabulary.js";
import type { SchemaShape } from "./openapi-model.js";

/** The scalar a schema's type and format become; `whole`: a `double` that holds integers only (a `fractionDigits: 0` facet). */
export interface ScalarChoice {
  readonly scalar: ScalarName;
  readonly whole?: true;
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/**
 * The scalar of a value schema, from its `type` and `format` (the README's
 * "formats" row); undefined for a type that has none (an object, an array,
 * several types). Integers: `int32` → int, `int64` → long; without a format,
 * int when both bounds fit 32 bits, a whole `double` (a JavaScript number)
 * when both lie inside ±(2^53 - 1), else long (exact). Numbers: `double` and
 * `float` → double; any other → decimal (exact). Every one of them is a
 * number on the JSON wire (model/scalar-forms.ts).
 */
export function scalarOfShape(shape: SchemaShape, notes: Note[]): ScalarChoice | undefined {
  const kinds = shape.types.filter((t) => t !== "null");
  switch (kinds.length === 1 ? kinds[0] : undefined) {
    case "string":
      return { scalar: stringScalar(shape.format, notes) };
    case "boolean":
      return { scalar: "boolean" };
    case "integer":
      return integerScalar(shape);
    case "number":
      if (shape.format === "double" || shape.format === "float") return { scalar: "double" };
      if (shape.format !== "decimal")
        notes.push({
          kind: "interpretation",
          text: `A JSON number${shape.format ? ` (format ${shape.format})` : ""}: read exactly, as decimal text, never as a binary float.`,
        });
      return { scalar: "decimal" };
    default:
      return undefined;
  }
}

function stringScalar(format: string | undefined, notes: Note[]): ScalarName {
  switch (format) {
    case "date-time":
      return "dateTime";
    case "date":
      return "date";
    case "byte":
      return "base64";
    case "uri":
      return "uri";
    default:
      if (format !== undefined)
        notes.push({
          kind: "info",
          text: `Format "${format}" is not checked: the value is a string.`,
        });
      return "string";
  }
}

function integerScalar(shape: SchemaShape): ScalarChoice {
  if (shape.format === "int64") return { scalar: "long" };
  if (shape.format === "int32") return { scalar: "int" };
  // Both bounds given, and both inside [low, high]: every value of the field is.
  const boundedBy = (low: number, high: number) =>
    [shape.minimum, shape.maximum].every(
      (b) => b !== undefined && Number(b.value) >= low && Number(b.value) <= high,
    );
  if (boundedBy(INT_MIN, INT_MAX)) return { scalar: "int" };
  if (boundedBy(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER))
    return { scalar: "double", whole: true };
  return { scalar: "long" };
}
