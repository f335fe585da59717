import type { ConstValue, ScalarName } from "../../model/vocabulary.js";
import { doubleFromXsd } from "../../runtime/scalars.js";

/** A `fixed=` value as a constant of the field's scalar; undefined when it does not fit one. */
export function constOf(value: string, scalar: ScalarName | undefined): ConstValue | undefined {
  switch (scalar) {
    case "boolean":
      return value === "true" || value === "1"
        ? true
        : value === "false" || value === "0"
          ? false
          : undefined;
    case "short":
    case "int":
      return /^-?[0-9]+$/.test(value.trim()) ? Number(value.trim()) : undefined;
    case "double": {
      const n = doubleFromXsd(value.trim());
      return n !== undefined && Number.isFinite(n) ? n : undefined;
    }
    case undefined:
      return value;
    default:
      return value;
  }
}
