import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { finalLayout } from "../../../generator/emit/ts-layout.js";
import { FORMAT_OPTIONS } from "../../../generator/format/format-files.js";

/** What prettier prints for the text, with the generator's options: the reference. */
function prettierAlone(text: string): Promise<string> {
  return prettier.format(text, { ...FORMAT_OPTIONS, parser: "babel-ts" });
}

const name = (letter: string, length: number) => letter.repeat(length);

/** A union an emitter writes in prettier's layout on the lines after the alias's `=`. */
const CHOICE_BELOW = [
  "  | {",
  "      /**",
  "       * The a.",
  "       */",
  "      a: A;",
  "      b?: undefined;",
  "    }",
  "  | { b: B; a?: undefined };",
  "",
].join("\n");

/** Text as ts-morph prints it (two-space indentation), and prettier's layout of it. */
const laidOut: readonly {
  readonly name: string;
  readonly given: string;
  readonly printed: string;
}[] = [
  {
    name: "an empty interface, blank lines, and a doc comment with trailing spaces",
    given:
      "// header\n\n\nexport interface A {\n}\n\n/**\n * Text. \n *   \n */\nexport type B = string;\n",
    printed:
      "// header\n\nexport interface A {}\n\n/**\n * Text.\n *\n */\nexport type B = string;\n",
  },
  {
    name: "an import list wider than the print width, and one of a single name",
    given: `import type { ${name("A", 45)}, ${name("B", 45)} } from "./enums.js";\nimport { ${name("C", 90)} } from "./c.js";\n`,
    printed: `import type {\n  ${name("A", 45)},\n  ${name("B", 45)},\n} from "./enums.js";\nimport { ${name("C", 90)} } from "./c.js";\n`,
  },
  {
    name: "a type alias whose union fits on the next line",
    given: `export type ${name("T", 40)} = ${name("a", 40)} | ${name("b", 40)};\n`,
    printed: `export type ${name("T", 40)} =\n  ${name("a", 40)} | ${name("b", 40)};\n`,
  },
  {
    name: "a type alias whose union does not fit on the next line",
    given: `export type T = "${name("a", 50)}" | "${name("b", 50)}" | null;\n`,
    printed: `export type T =\n  | "${name("a", 50)}"\n  | "${name("b", 50)}"\n  | null;\n`,
  },
  {
    name: "a type alias of one reference and null (never broken, after =)",
    given: `export type T = ${name("a", 90)} | null;\n`,
    printed: `export type T =\n  ${name("a", 90)} | null;\n`,
  },
  {
    name: "properties: a union broken after the colon, one member a line, and one kept",
    given: `export interface I {\n  ${name("k", 30)}?: ${name("a", 40)} | ${name("b", 30)};\n  readonly m: ${name("a", 60)}[] | ${name("b", 60)};\n  n?: ${name("a", 110)} | null;\n  o: ${name("a", 110)}[];\n}\n`,
    printed: `export interface I {\n  ${name("k", 30)}?:\n    ${name("a", 40)} | ${name("b", 30)};\n  readonly m:\n    | ${name("a", 60)}[]\n    | ${name("b", 60)};\n  n?: ${name("a", 110)} | null;\n  o: ${name("a", 110)}[];\n}\n`,
  },
  {
    name: "a union of object types: after =, one member a line, and one property a line",
    given: [
      `export type S = { a: ${name("A", 20)}; b?: undefined } | { b: ${name("B", 20)}; a?: undefined };`,
      `export type L = { a: ${name("A", 30)}; b?: undefined } | { /** The b. */ b: ${name("B", 70)}; a?: undefined } | { c: "x" };`,
      "",
    ].join("\n"),
    printed: [
      "export type S =",
      `  { a: ${name("A", 20)}; b?: undefined } | { b: ${name("B", 20)}; a?: undefined };`,
      "export type L =",
      `  | { a: ${name("A", 30)}; b?: undefined }`,
      "  | {",
      `      /** The b. */ b: ${name("B", 70)};`,
      "      a?: undefined;",
      "    }",
      '  | { c: "x" };',
      "",
    ].join("\n"),
  },
  {
    name: "a type alias an emitter laid out on the lines after = (ts-morph's space after = dropped)",
    given: `export type C = \n${CHOICE_BELOW}`,
    printed: `export type C =\n${CHOICE_BELOW}`,
  },
  {
    name: "a property whose type is a string literal too wide, kept on its line",
    given: `export interface I {\n  description?: "${name("d", 120)} 'x'";\n}\n`,
    printed: `export interface I {\n  description?: "${name("d", 120)} 'x'";\n}\n`,
  },
  {
    name: "interfaces extending several: the list after extends on the next line, or one a line; one extended kept",
    given: [
      `export interface ${name("A", 40)} extends ${name("B", 30)}, ${name("C", 30)} {`,
      "  x?: string;",
      "}",
      "",
      `export interface ${name("D", 80)} extends ${name("B", 30)}, ${name("C", 30)}, ${name("E", 30)} {}`,
      "",
      `export interface ${name("F", 80)} extends ${name("B", 30)} {}`,
      "",
    ].join("\n"),
    printed: [
      `export interface ${name("A", 40)}`,
      `  extends ${name("B", 30)}, ${name("C", 30)} {`,
      "  x?: string;",
      "}",
      "",
      `export interface ${name("D", 80)}`,
      "  extends",
      `    ${name("B", 30)},`,
      `    ${name("C", 30)},`,
      `    ${name("E", 30)} {}`,
      "",
      `export interface ${name("F", 80)} extends ${name("B", 30)} {}`,
      "",
    ].join("\n"),
  },
];

/** Text these steps cannot tell prettier's layout of: left to prettier. */
const leftToPrettier: readonly { readonly name: string; readonly given: string }[] = [
  {
    name: "a type alias that does not fit even after =",
    given: `export type T = ${name("a", 110)} | null;\n`,
  },
  { name: "an escaped double quote", given: 'export type Q = "a\\"b";\n' },
  { name: "an exponent with a plus sign", given: "export type N = 1e+21;\n" },
  { name: "a template literal", given: "export type T = `a${string}`;\n" },
  {
    name: "a wide union of object types holding more than names",
    given: `export type U = { a: ${name("A", 50)}<string> } | { b: ${name("B", 50)} };\n`,
  },
  {
    name: "a wide line with characters whose width the layout does not know",
    given: `export type U = "${name("中", 50)}" | "${name("b", 40)}";\n`,
  },
];

describe("TypeScript printed in prettier's final layout", () => {
  it.each(laidOut)("prints $name as prettier does", async ({ given, printed }) => {
    expect(finalLayout(given)).toBe(printed);
    expect(await prettierAlone(given)).toBe(printed);
  });

  it.each(leftToPrettier)("leaves $name to prettier", ({ given }) => {
    expect(finalLayout(given)).toBeUndefined();
  });
});
