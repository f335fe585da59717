import { describe, expect, it } from "vitest";
import { emitEnums } from "../../../generator/emit/emit-enums.js";
import { declaration, emitWith, enumType, restService } from "../../helpers/ir.js";

/** emit-enums: a frozen list of the values, the type of its members and a guard (the runtime's `oneOf` applied to the list) per enum. */
describe("emitEnums", () => {
  const table: {
    name: string;
    enums: ReturnType<typeof enumType>[];
    decl: string;
    want: string;
  }[] = [
    {
      name: "the type: the members of the value list, where the values are written once",
      enums: [enumType("Status", ["active", "expired"], { doc: "A status." })],
      decl: "Status",
      want: `/** A status. */
export type Status = (typeof statusValues)[number];`,
    },
    {
      name: "the value list",
      enums: [enumType("Status", ["active", "expired"])],
      decl: "statusValues",
      want: `export const statusValues = /* @__PURE__ */ Object.freeze(["active", "expired"] as const);`,
    },
    {
      name: "a constant (one value) is its type alone, the value's doc beside the enum's",
      enums: [
        enumType("Issue", [], {
          doc: "An error's issue.",
          values: [{ value: "NOT_FOUND", doc: "The order is unknown.", notes: [] }],
        }),
      ],
      decl: "Issue",
      want: `/**
 * An error's issue.
 *
 * The order is unknown.
 */
export type Issue = "NOT_FOUND";`,
    },
    {
      name: "the guard: the runtime's oneOf applied to the list",
      enums: [enumType("Symbol", ["a", "b"])],
      decl: "isSymbol",
      want: `export const isSymbol = /* @__PURE__ */ oneOf(symbolValues);`,
    },
  ];
  it.each(table)("$name", async ({ enums, decl, want }) => {
    expect(declaration(await emitWith(emitEnums, restService({ enums })), decl)).toBe(want);
  });
  it("declares no list or guard for a constant, and imports nothing for it", async () => {
    const text = await emitWith(
      emitEnums,
      restService({ enums: [enumType("Issue", ["NOT_FOUND"], { doc: "An error's issue." })] }),
    );
    expect(text).toMatch(/^export type Issue = "NOT_FOUND";$/m);
    expect(text).not.toMatch(/issueValues|isIssue|import/);
  });
  it("declares nothing for a constant that documents nothing: its literal is written where it is used", async () => {
    const text = await emitWith(
      emitEnums,
      restService({
        enums: [enumType("Issue", ["NOT_FOUND"]), enumType("Status", ["active", "expired"])],
      }),
    );
    expect(text).not.toMatch(/\bIssue\b|NOT_FOUND/);
    expect(text).toMatch(/^export type Status = \(typeof statusValues\)\[number\];$/m);
  });
  it("renames an enum named like a global, its type the members of its list", async () => {
    const text = await emitWith(
      emitEnums,
      restService({ enums: [enumType("Symbol", ["a", "b"])] }),
    );
    expect(text).toContain("\nexport type Symbol$ = (typeof symbolValues)[number];\n");
  });
  it("imports the guard maker once from the runtime", async () => {
    const text = await emitWith(
      emitEnums,
      restService({
        enums: [enumType("Status", ["active", "expired"]), enumType("Kind", ["a", "b"])],
      }),
    );
    expect(text.match(/^import .*$/gm)).toEqual(['import { oneOf } from "../runtime/one-of.js";']);
  });
});
