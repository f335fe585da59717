import { VariableDeclarationKind } from "ts-morph";
import { pascalCase } from "../naming/case.js";
import type { ObjectType, Service } from "../model/ir.js";
import type { TsFile } from "./ts-file.js";

export const clientName = (service: Service) => `${pascalCase(service.name)}Client`;
export const factoryName = (service: Service) => `create${pascalCase(service.name)}Client`;

/** Whether a request type leaves the caller a required field (besides those in `omit`). */
export function requiredInputs(type: ObjectType | undefined, omit: ReadonlySet<string>): boolean {
  return type?.allFields.some((f) => f.required && !omit.has(f.name)) ?? false;
}

/** The client's `operations` table: one entry per operation, each checked against the runtime's operation type. */
export function addOperationTable(file: TsFile, entries: readonly string[]): void {
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: "operations", initializer: `{\n${entries.join("\n")}\n}` }],
  });
}
