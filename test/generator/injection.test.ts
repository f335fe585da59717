import { describe, expect, it } from "vitest";
import { generateSchemas, problemsOf, SOAP_SERVICE } from "../helpers/temp-schemas.js";

/** Schema text is data: nothing in a doc string or name can change the generated code. */
describe("schema text cannot inject code", () => {
  it("doc strings with comment closers and code stay inside comments", async () => {
    const evil = '*/ export const pwned = 1; /* <script> \\u2028 `${process.exit()}`';
    const { files } = await generateSchemas({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml": `types:\n  T:\n    doc: ${JSON.stringify(evil)}\n    fields:\n      - { name: x, type: string, doc: ${JSON.stringify(evil)}, example: ${JSON.stringify(evil)} }\nenums:\n  E:\n    values:\n      - { value: ${JSON.stringify('a"; export const pwned2 = "')}, doc: ${JSON.stringify(evil)} }\n`,
    });
    const code = files.filter((f) => f.path.startsWith("svc/")).map((f) => f.content).join("\n");
    expect(code).not.toMatch(/^\s*export const pwned/m);
    expect(code).not.toMatch(/[^*]\*\/ export const pwned/);
    // The enum value stays one string literal.
    expect(code).toContain(`export type E = 'a"; export const pwned2 = "';`);
  });

  it("names that are not identifiers are refused, wire names with odd characters are quoted", async () => {
    expect(await problemsOf({ "svc/service.yaml": SOAP_SERVICE, "svc/t.yaml": "types:\n  'X = 1; //':\n    fields: []\n" })).toEqual([
      'schemas/svc/t.yaml:2:3: type name "X = 1; //" must be letters and digits, starting with a letter',
    ]);
    const { files } = await generateSchemas({
      "svc/service.yaml": SOAP_SERVICE.replace("protocol: soap", "protocol: soap"),
      "svc/t.yaml": "types:\n  T:\n    fields:\n      - { name: '@type', type: string }\n",
    });
    const types = files.find((f) => f.path === "svc/types.ts")!.content;
    expect(types).toContain('"@type"?: string;');
  });
});
