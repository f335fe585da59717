import { describe, expect, it } from "vitest";
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
  return {
    offset: value.offset === undefined ? undefined : jsonNumber(value.offset),
    amount: value.amount,
    total:
      value.total === undefined ? undefined : value.total === null ? null : jsonNumber(value.total),
    ids: value.ids === undefined ? undefined : value.ids.map((item) => jsonNumber(item)),
    ratio: value.ratio,
    count: value.count,
    ...keptProperties(value),
  };
}`);
  });

  it("writes what a reader kept beside a closed type's value after its documented fields, so a value read and written loses nothing", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "jsonOfReq")).toMatch(
      /count: value\.count,\n {4}\.\.\.keptProperties\(value\),\n {2}\};/,
    );
    expect(code).toMatch(
      /import \{[^}]*\bkeptProperties\b[^}]*\} from "\.\.\/runtime\/read-values\.js";/,
    );
  });

  it("serializes through stringifyJson, which writes those numbers raw", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "serializeReq")).toContain("return stringifyJson(jsonOfReq(value));");
    expect(code).toMatch(
      /import \{[^}]*\bjsonNumber\b[^}]*\bstringifyJson\b[^}]*\} from "\.\.\/runtime\/json\.js";/,
    );
  });

  it("reads a response body one way: the tree parser, then the type's reader", async () => {
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "parseReq")).toContain(
      'return received(readReq(parseJsonTree(body, options), "", readContext("json", options)));',
    );
    expect(code).not.toMatch(/\bscanReq\b|json-scan/);
  });

  it("reads a date and time through readText with its form's own constant, so only the forms read are bundled", async () => {
    const withTime = restService({
      types: [objectType("Res", [field("at", scalar("dateTime"))])],
      operations: [restOperation("op", undefined, "Res")],
    });
    const code = await emitWith(emitJson, withTime);
    expect(declaration(code, "readRes")).toContain(
      'if ((v = readText(obj.at, DATE_TIME_TEXT, o, path, "at")) !== undefined) out.at = v;',
    );
    expect(code).toMatch(
      /import \{[^}]*\bDATE_TIME_TEXT\b[^}]*\} from "\.\.\/runtime\/read-values\.js";/,
    );
    expect(code).not.toContain("URI_TEXT");
  });

  it("reads a double with readDouble", async () => {
    expect(declaration(await emitWith(emitJson, service), "readReq")).toContain(
      'if ((v = readDouble(obj.ratio, o, path, "ratio")) !== undefined) out.ratio = v;',
    );
  });
});
