import { VariableDeclarationKind } from "./ts-morph.js";
import type { ObjectType } from "../model/ir.js";
import type { TsFile } from "./ts-file.js";

/** Whether a request type leaves the caller a required field (besides those in `omit`). */
export function requiredInputs(type: ObjectType | undefined, omit: ReadonlySet<string>): boolean {
  // A union's value is always one of its variants: a caller gives one.
  if (type?.kind === "union") return true;
  return type?.allFields.some((f) => f.required && !omit.has(f.name)) ?? false;
}

/** The client's `operations` table: one entry per operation, each checked against the runtime's operation type. */
export function addOperationTable(file: TsFile, entries: readonly string[]): void {
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: "operations", initializer: `{\n${entries.join("\n")}\n}` }],
  });
}
