import { describe, expect, it } from "vitest";
import { emitEnums } from "../../../generator/emit/emit-enums.js";
import { declaration, emitWith, enumType, restService } from "../../helpers/ir.js";

/** emit-enums: a literal union, a frozen list and a guard per enum. */
describe("emitEnums", () => {
  const table: {
    name: string;
    enums: ReturnType<typeof enumType>[];
    decl: string;
    want: string;
  }[] = [
    {
      name: "a union of the documented values",
      enums: [enumType("Status", ["active", "expired"], { doc: "A status." })],
      decl: "Status",
      want: `/** A status. */
export type Status = "active" | "expired";`,
    },
    {
      name: "the value list",
      enums: [enumType("Status", ["active"])],
      decl: "statusValues",
      want: `/** Every value of {@link Status}, in documented order. */
export const statusValues: readonly Status[] = /* @__PURE__ */ Object.freeze(["active"]);`,
    },
    {
      name: "an enum named like a global is renamed, with its list and guard",
      enums: [enumType("Symbol", ["a"])],
      decl: "isSymbol",
      want: `/** Whether \`value\` is one of the values of {@link Symbol$}. */
export function isSymbol(value: unknown): value is Symbol$ {
  return typeof value === "string" && (symbolValues as readonly string[]).includes(value);
}`,
    },
  ];
  it.each(table)("$name", async ({ enums, decl, want }) => {
    expect(declaration(await emitWith(emitEnums, restService({ enums })), decl)).toBe(want);
  });
});
