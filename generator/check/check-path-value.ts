import type { Diagnostics, Position } from "../diagnostics/diagnostic.js";
import type {
  EnumDescription,
  FieldDescription,
  PathDefaultDescription,
  PathValueDescription,
  TypeDescription,
} from "../description/description.js";
import { SCALAR_NAMES } from "../model/vocabulary.js";
import { constProblem } from "./const-fit.js";
import { resolvePath } from "./resolve-path.js";

/** The field a dotted path names in a request type, or a positioned error and nothing. */
export function requestField(
  request: TypeDescription,
  path: string,
  at: Position,
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): FieldDescription | undefined {
  const field = resolvePath(request, path.split("."), types);
  if (typeof field === "string")
    d.error(at, `"${path}" is not a field of ${request.name}: ${field}`);
  return typeof field === "string" ? undefined : field;
}

/** A path of a request type and a constant that fits its field (a flow's constants and defaults, an operation's request constants). */
export function checkPathValue(
  request: TypeDescription,
  c: PathValueDescription | PathDefaultDescription,
  types: ReadonlyMap<string, TypeDescription>,
  enums: ReadonlyMap<string, EnumDescription>,
  d: Diagnostics,
): void {
  const field = requestField(request, c.path, c.at, types, d);
  if (!field) return;
  const kind = (SCALAR_NAMES as readonly string[]).includes(field.type.name)
    ? "scalar"
    : enums.has(field.type.name)
      ? "enum"
      : "object";
  const values = typeof c.value === "object" ? c.value : [c.value];
  // A list of values fits a list field only; one value fits a single field only.
  if (Array.isArray(c.value) !== (field.list !== undefined)) {
    d.error(
      c.at,
      `constant for "${c.path}": ${field.list !== undefined ? "a list field needs a list of values" : "a single field needs one value, not a list"}`,
    );
    return;
  }
  for (const value of values) {
    const problem = constProblem(value, kind, field.type.name, enums);
    if (problem) {
      d.error(c.at, `constant for "${c.path}": ${problem}`);
      return;
    }
  }
}
