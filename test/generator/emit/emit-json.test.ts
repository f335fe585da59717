import { describe, expect, it } from "vitest";
import { emitDescriptions } from "../../../generator/emit/emit-descriptions.js";
import { emitJson, emitRestServer } from "../../../generator/emit/emit-json.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/**
 * emit-json: a client writes each request body through its type's description
 * (the runtime's generic writer); the description names `jsonNumber` as the
 * write of a long or decimal in its number form, so it is written as the
 * number its text is, and one the contract carries as a string as it is.
 */
describe("emitJson writers", () => {
  const service = restService({
    types: [
      objectType("Req", [
        field("offset", scalar("long"), { required: true }),
        field("amount", scalar("decimal"), { jsonString: true }),
        field("total", scalar("decimal"), { nullable: true }),
        field("ids", scalar("long"), { list: { min: 0 } }),
        field("ratio", scalar("double")),
        field("count", scalar("int")),
      ]),
    ],
    operations: [restOperation("op", "Req", "Req")],
  });

  it("serializes through the runtime's generic writer of JSON text with the type's description", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "serializeReq")).toContain(
      "return writeDescribedJson(value, descriptionOfReq);",
    );
    expect(code).toMatch(
      /import \{ writeDescribedJson \} from "\.\.\/runtime\/write-description\.js";/,
    );
    expect(code).not.toMatch(/\bstringifyJson\b/);
  });

  it("documents each serializer and parser in one short line that names its type and points to the rule the README states once", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "serializeReq"))
      .toBe(`/** The JSON body of a {@link Req}, written as the package README's "Writing requests" says. */
export function serializeReq(value: Req): string {
  return writeDescribedJson(value, descriptionOfReq);
}`);
    expect(declaration(code, "parseReq").split("\n")[0]).toBe(
      '/** Reads a {@link Req} from a response body, or throws `ParseError`, as the package README\'s "Reading responses" says. */',
    );
  });

  it("has no writer of its own per type, nor the runtime's list writer", async () => {
    const code = await emitWith(emitJson, service);
    expect(code).not.toMatch(/\bjsonOf[A-Z]|writeFields|jsonNumber/);
  });

  it("writes a nested type, an open type and an extension through the description alone", async () => {
    const nested = restService({
      types: [
        objectType(
          "Outer",
          [
            field("one", { kind: "object", name: "Inner" }),
            field("many", { kind: "object", name: "Inner" }, { list: { min: 0 } }),
          ],
          { open: true },
        ),
        objectType("Inner", [field("id", scalar("string"))]),
      ],
      operations: [restOperation("op", "Outer", undefined)],
    });
    const code = await emitWith(emitJson, nested);
    expect(declaration(code, "serializeOuter")).toContain(
      "return writeDescribedJson(value, descriptionOfOuter);",
    );
    expect(code).not.toMatch(/jsonOfInner|extraProperties/);
  });

  it("keeps a writer per type on the server side, which writes its answers: longs and decimals as numbers from their text, unless the contract carries them as strings", async () => {
    expect(declaration(await emitWith(emitRestServer, service), "jsonOfReq"))
      .toBe(`function jsonOfReq(value: Req): Record<string, unknown> {
  return writeFields(value, [
    ["offset", jsonNumber],
    "amount",
    ["total", jsonNumber],
    ["ids", jsonNumber, "list"],
    "ratio",
    "count",
  ]);
}`);
  });

  it("reads a response body through the runtime's reader of JSON text with the type's description", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "parseReq")).toBe(
      `/** Reads a {@link Req} from a response body, or throws \`ParseError\`, as the package README's "Reading responses" says. */
export function parseReq(body: string | Uint8Array, options?: ReadOptions): Received<Req> {
  return received(readDescribedJson<Req>(body, descriptionOfReq, options));
}`,
    );
    expect(code).toMatch(
      /import \{ readDescribedJson \} from "\.\.\/runtime\/read-description-json\.js";/,
    );
    expect(code).not.toMatch(/\bparseJsonTree\b|\breadContext\b|\breadDescribed\b/);
    expect(code).not.toMatch(/\bscanReq\b|json-scan/);
  });

  it("imports the description of each type it reads, and has no reader of its own", async () => {
    const code = await emitWith(emitJson, service);
    expect(code).toContain(`import { descriptionOfReq } from "./descriptions.js";`);
    expect(code).not.toMatch(/const descriptionOf/);
    expect(declaration(await emitWith(emitDescriptions, service), "descriptionOfReq"))
      .toBe(`export const descriptionOfReq: ObjectDescription = {
  fields: [
    { name: "offset", type: longScalar, required: true, write: jsonNumber },
    { name: "amount", type: decimalScalar },
    { name: "total", type: decimalScalar, nullable: true, write: jsonNumber },
    { name: "ids", type: longScalar, list: [0], write: jsonNumber },
    { name: "ratio", type: doubleScalar, finite: true },
    { name: "count", type: intScalar },
  ],
};`);
    expect(code).not.toMatch(/function readReq\b|fieldSet|read-values\.js";\n[^]*readDouble/);
  });

  it("describes an open type only received as keeping its extra members aside, and a nested type by a function", async () => {
    const received = restService({
      types: [
        objectType("Res", [field("inner", { kind: "object", name: "Inner" }, { required: true })], {
          open: true,
        }),
        objectType("Inner", [field("at", scalar("dateTime"))]),
      ],
      operations: [restOperation("op", undefined, "Res")],
    });
    const code = await emitWith(emitDescriptions, received);
    expect(declaration(code, "descriptionOfRes"))
      .toBe(`export const descriptionOfRes: ObjectDescription = {
  fields: [{ name: "inner", type: () => descriptionOfInner, required: true }],
  open: true,
  kept: true,
};`);
    expect(declaration(code, "descriptionOfInner"))
      .toBe(`export const descriptionOfInner: ObjectDescription = {
  fields: [{ name: "at", type: dateTimeScalar }],
};`);
    expect(await emitWith(emitJson, received)).not.toContain("DATE_TIME_TEXT");
  });

  it("takes a body the contract does not show as parsed, without a description", async () => {
    const opaque = restService({
      types: [objectType("Blob", [], { kind: "opaque" })],
      operations: [restOperation("op", undefined, "Blob")],
    });
    const code = await emitWith(emitJson, opaque);
    expect(declaration(code, "parseBlob")).toContain(
      'return received(readOpaque(parseJsonTree(body, options), readContext(options), ""));',
    );
    expect(code).not.toMatch(/descriptionOfBlob|readDescribed/);
    expect(await emitWith(emitDescriptions, opaque)).not.toContain("descriptionOfBlob");
  });

  it("has an opaque type described where another description refers to it", async () => {
    const nested = restService({
      types: [
        objectType("Res", [field("blob", { kind: "object", name: "Blob" })]),
        objectType("Blob", [], { kind: "opaque" }),
      ],
      operations: [restOperation("op", undefined, "Res")],
    });
    const code = await emitWith(emitDescriptions, nested);
    expect(declaration(code, "descriptionOfBlob"))
      .toBe(`export const descriptionOfBlob: OpaqueDescription = {
  opaque: "object",
};`);
  });
});
