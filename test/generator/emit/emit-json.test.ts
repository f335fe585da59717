import { describe, expect, it } from "vitest";
import { emitDescriptions } from "../../../generator/emit/emit-descriptions.js";
import { emitJson } from "../../../generator/emit/emit-json.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/** emit-json: a writer per body type; a long or decimal in its number form goes through `jsonNumber`, every other scalar as it is. */
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

  it("writes longs and decimals as numbers from their text, unless the contract carries them as strings", async () => {
    expect(declaration(await emitWith(emitJson, service), "jsonOfReq"))
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

  it("describes the fields for the runtime's writeFields, which writes what a reader kept after them for a closed type (no start given)", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "jsonOfReq")).toMatch(/"count",\n {2}\]\);\n\}$/);
    expect(code).toMatch(/import \{ writeFields \} from "\.\.\/runtime\/write-fields\.js";/);
  });

  it("writes a nested type through its writer, in each shape of field, and an open type after its extra properties", async () => {
    const nested = restService({
      types: [
        objectType(
          "Outer",
          [
            field("one", { kind: "object", name: "Inner" }),
            field("many", { kind: "object", name: "Inner" }, { list: { min: 0 } }),
            field("byKey", { kind: "object", name: "Inner" }, { map: true }),
          ],
          { open: true },
        ),
        objectType("Inner", [field("id", scalar("string"))]),
      ],
      operations: [restOperation("op", "Outer", undefined)],
    });
    expect(declaration(await emitWith(emitJson, nested), "jsonOfOuter"))
      .toBe(`function jsonOfOuter(value: Outer): Record<string, unknown> {
  return writeFields(
    value,
    [
      ["one", jsonOfInner],
      ["many", jsonOfInner, "list"],
      ["byKey", jsonOfInner, "map"],
    ],
    extraProperties(value, new Set(["one", "many", "byKey"])),
  );
}`);
  });

  it("serializes through stringifyJson, which writes those numbers raw", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "serializeReq")).toContain("return stringifyJson(jsonOfReq(value));");
    expect(code).toMatch(
      /import \{[^}]*\bjsonNumber\b[^}]*\bstringifyJson\b[^}]*\} from "\.\.\/runtime\/json\.js";/,
    );
  });

  it("reads a response body one way: the tree parser, then the runtime's reader with the type's description", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "parseReq")).toContain(`  return received(
    readDescribed<Req>(parseJsonTree(body, options), descriptionOfReq, "", readContext(options)),
  );`);
    expect(code).toMatch(/import \{ readDescribed \} from "\.\.\/runtime\/read-description\.js";/);
    expect(code).not.toMatch(/\bscanReq\b|json-scan/);
  });

  it("imports the description of each type it reads, and has no reader of its own", async () => {
    const code = await emitWith(emitJson, service);
    expect(code).toContain(`import { descriptionOfReq } from "./descriptions.js";`);
    expect(code).not.toMatch(/const descriptionOf/);
    expect(declaration(await emitWith(emitDescriptions, service), "descriptionOfReq"))
      .toBe(`export const descriptionOfReq: ObjectDescription = {
  fields: [
    { name: "offset", type: longScalar, required: true },
    { name: "amount", type: decimalScalar },
    { name: "total", type: decimalScalar, nullable: true },
    { name: "ids", type: longScalar, list: [0] },
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
