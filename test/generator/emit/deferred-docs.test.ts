import type { CodeBlockWriter } from "ts-morph";
import { describe, expect, it } from "vitest";
import { renderDoc } from "../../../generator/emit/jsdoc.js";
import { DeferredDocs } from "../../../generator/emit/deferred-docs.js";
import { printStructure, StructureKind } from "../../../generator/emit/ts-morph.js";
import { GENERATED_HEADER, TsFile } from "../../../generator/emit/ts-file.js";

/** The interface `Order`, its doc and its property's doc as given. */
function order(docs: string, propertyDocs: string) {
  return {
    name: "Order",
    isExported: true,
    docs: [docs],
    indexSignatures: [
      { keyName: "extra", keyType: "string", returnType: "unknown", docs: [propertyDocs] },
    ],
    properties: [{ name: "id", type: "string", hasQuestionToken: true, docs: [propertyDocs] }],
  };
}

/** What ts-morph prints for the same structure, the rendered comments written by its own JSDoc printer. */
function printedByTsMorph(docs: string, propertyDocs: string): string {
  return (
    GENERATED_HEADER +
    printStructure(
      {
        kind: StructureKind.SourceFile,
        statements: [
          (writer: CodeBlockWriter) => writer.blankLineIfLastNot(),
          { kind: StructureKind.Interface, ...order(renderDoc(docs), renderDoc(propertyDocs)) },
        ],
      },
      { indentNumberOfSpaces: 2 },
    )
  );
}

/** TsFile prints doc comments after ts-morph, exactly as ts-morph's JSDoc printer would have. */
describe("deferred doc comments", () => {
  const table: { name: string; docs: string; propertyDocs: string; want: string }[] = [
    {
      name: "one line each",
      docs: "An order.",
      propertyDocs: "Its id.",
      want: `/** An order. */
export interface Order {
  /** Its id. */
  [extra: string]: unknown;
  /** Its id. */
  id?: string;
}
`,
    },
    {
      name: "several lines, a blank one, and a text ending with a space",
      docs: "An order.\n\nIts lines.\n@see here",
      propertyDocs: "Its id ",
      want: `/**
 * An order.
 *
 * Its lines.
 * \\@see here
 */
export interface Order {
  /** Its id */
  [extra: string]: unknown;
  /** Its id */
  id?: string;
}
`,
    },
    {
      name: "an empty text, and a text starting with a line break",
      docs: "",
      propertyDocs: "\nIts id.\n  indented",
      want: `/** */
export interface Order {
  /**
   * Its id.
   *   indented
   */
  [extra: string]: unknown;
  /**
   * Its id.
   *   indented
   */
  id?: string;
}
`,
    },
  ];
  for (const { name, docs, propertyDocs, want } of table)
    it(name, () => {
      const file = new TsFile("svc/types.ts");
      file.addInterface(order(docs, propertyDocs));
      const printed = file.finish().content;
      // Every statement but an export list is preceded by a blank line.
      expect(printed).toBe(`${GENERATED_HEADER}\n\n${want}`);
      expect(printed).toBe(printedByTsMorph(docs, propertyDocs));
    });

  it("leaves to ts-morph a text with a carriage return or a NUL", () => {
    const deferred = new DeferredDocs();
    expect(deferred.placeholder("a\r\nb")).toBe("a\r\nb");
    expect(deferred.placeholder("a\0b")).toBe("a\0b");
    expect(deferred.placeholder("a")).toBe("\n\u00000\u0000");
  });

  it("gives up when a placeholder is not printed in the expected shape", () => {
    const deferred = new DeferredDocs();
    const mark = deferred.placeholder("Its id.");
    expect(deferred.fill("/**\n * one\n */")).toBeUndefined();
    expect(deferred.fill(`/** ${mark} */`)).toBeUndefined();
    expect(deferred.fill(`/**\n   * ${mark.slice(1)}\n   */`)).toBe("/** Its id. */");
  });
});
