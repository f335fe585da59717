import type { EnumDescription } from "../description/description.js";
import type { ScalarName } from "../model/vocabulary.js";

/** Why a constant does not fit a field type, or undefined when it fits. */
export function constProblem(
  value: string | number | boolean,
  kind: "scalar" | "object" | "enum" | undefined,
  typeName: string,
  enums: ReadonlyMap<string, EnumDescription>,
): string | undefined {
  if (kind === undefined) return undefined;
  if (kind === "object") return `an object type cannot have a constant`;
  if (kind === "enum") {
    const en = enums.get(typeName)!;
    return typeof value === "string" && enumValues(en).has(value)
      ? undefined
      : `${JSON.stringify(value)} is not a value of enum "${typeName}"`;
  }
  switch (typeName as ScalarName) {
    case "boolean":
      return typeof value === "boolean" ? undefined : "a boolean field needs true or false";
    case "short":
    case "int":
      return typeof value === "number" && Number.isInteger(value)
        ? undefined
        : "an integer field needs a whole number";
    case "double":
      return typeof value === "number" && Number.isFinite(value)
        ? undefined
        : "a double field needs a number";
    case "long":
    case "decimal":
      return typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value))
        ? undefined
        : `write the ${typeName} constant as a quoted string`;
    default:
      return typeof value === "string" ? undefined : `a ${typeName} field needs a quoted string`;
  }
}

export function enumValues(e: EnumDescription): Set<string> {
  return new Set(
    e.groups
      ? e.groups.members.flatMap((m) => m.values.map((v) => v.value))
      : e.values.map((v) => v.value),
  );
}
