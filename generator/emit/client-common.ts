import type { ObjectType } from "../model/ir.js";

/** Whether a request type leaves the caller a required field (besides those in `omit`). */
export function requiredInputs(type: ObjectType | undefined, omit: ReadonlySet<string>): boolean {
  // A union's value is always one of its variants: a caller gives one.
  if (type?.kind === "union") return true;
  return type?.allFields.some((f) => f.required && !omit.has(f.name)) ?? false;
}
