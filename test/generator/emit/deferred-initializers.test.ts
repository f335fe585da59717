import type { CodeBlockWriter, OptionalKind, VariableStatementStructure } from "ts-morph";
import { describe, expect, it } from "vitest";
import { DeferredInitializers } from "../../../generator/emit/deferred-initializers.js";
import { GENERATED_HEADER, TsFile } from "../../../generator/emit/ts-file.js";
import {
  printStructure,
  StructureKind,
  VariableDeclarationKind,
} from "../../../generator/emit/ts-morph.js";

/** `export const` of the given declarations. */
function constant(
  declarations: { name: string; type?: string; initializer: string }[],
): OptionalKind<VariableStatementStructure> {
  return { isExported: true, declarationKind: VariableDeclarationKind.Const, declarations };
}

/** What ts-morph prints for the same statement, the initializer written by its own printer. */
function printedByTsMorph(statement: OptionalKind<VariableStatementStructure>): string {
  return (
    GENERATED_HEADER +
    printStructure(
      {
        kind: StructureKind.SourceFile,
        statements: [
          (writer: CodeBlockWriter) => writer.blankLineIfLastNot(),
          { kind: StructureKind.VariableStatement, ...statement },
        ],
      },
      { indentNumberOfSpaces: 2 },
    )
  );
}

/** TsFile prints a variable's initializer after ts-morph, exactly as ts-morph would have. */
describe("deferred initializers", () => {
  const table: { name: string; given: OptionalKind<VariableStatementStructure>; want: string }[] = [
    {
      name: "one line",
      given: constant([{ name: "limit", type: "number", initializer: "5" }]),
      want: "export const limit: number = 5;\n",
    },
    {
      name: "lines after the first one level deeper, an empty line left empty",
      given: constant([
        {
          name: "order",
          type: "Description",
          initializer: '{\nkind: "object",\n\n  fields: [],\n}',
        },
      ]),
      want: 'export const order: Description = {\n  kind: "object",\n\n    fields: [],\n  };\n',
    },
    {
      name: "a text with a slash, left to ts-morph",
      given: constant([{ name: "path", initializer: '{\npath: "/v1/orders",\n}' }]),
      want: 'export const path = {\n  path: "/v1/orders",\n  };\n',
    },
    {
      name: "two declarations, left to ts-morph",
      given: constant([
        { name: "a", initializer: "{\nx: 1,\n}" },
        { name: "b", initializer: "2" },
      ]),
      want: "export const a = {\n  x: 1,\n  }, b = 2;\n",
    },
  ];
  for (const { name, given, want } of table)
    it(name, () => {
      const file = new TsFile("svc/descriptions.ts");
      file.addVariableStatement(given);
      const printed = file.finish().content;
      // Every statement but an export list is preceded by a blank line.
      expect(printed).toBe(`${GENERATED_HEADER}\n\n${want}`);
      expect(printed).toBe(printedByTsMorph(given));
    });

  it("gives up when a placeholder is not printed in the expected shape", () => {
    const deferred = new DeferredInitializers();
    expect(deferred.placeholder("a\r\nb")).toBe("a\r\nb");
    expect(deferred.placeholder("`a`")).toBe("`a`");
    const mark = deferred.placeholder("{\nx: 1,\n}");
    expect(deferred.fill("const a = 1;")).toBeUndefined();
    expect(deferred.fill(`const a = ${mark};\nconst b = ${mark};`)).toBeUndefined();
    expect(deferred.fill(`const a = ${mark.replace("\n", "\n    ")};`)).toBe(
      "const a = {\n    x: 1,\n    };",
    );
  });
});
