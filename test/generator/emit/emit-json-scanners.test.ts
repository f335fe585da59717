import { describe, expect, it } from "vitest";
import { emitJson } from "../../../generator/emit/emit-json.js";
import { declaration, emitWith, field, objectType, ref, restOperation, restService, scalar } from "../../helpers/ir.js";

/** The scanners of emit-json: small models in, exact declarations out. */
const LINK = objectType("Link", [field("href", scalar("string"), { required: true })]);

describe("emitJsonScanners", () => {
  it("gives each key of a response type a branch: scalars, and objects of types with a scanner", async () => {
    const service = restService({
      types: [
        objectType("Answer", [
          field("id", scalar("long"), { required: true }),
          field("self", ref("object", "Link")),
          field("ok", scalar("boolean")),
          field("amount-due", scalar("decimal")),
        ]),
        LINK,
      ],
      operations: [restOperation("get", undefined, "Answer")],
    });
    const code = await emitWith(emitJson, service);
    expect(declaration(code, "scanAnswer")).toBe(`function scanAnswer(c: JsonScan): ParsedObject {
  const obj: { [key: string]: unknown } = {};
  for (let more = c.open(); more; more = c.next()) {
    const key = c.key;
    if (key === "id") obj.id = c.scalar(obj.id);
    else if (key === "self") obj.self = scanLink(c.once(obj.self));
    else if (key === "ok") obj.ok = c.scalar(obj.ok);
    else if (key === "amount-due") obj["amount-due"] = c.scalar(obj["amount-due"]);
    else c.giveUp();
  }

  return obj;
}`);
    expect(declaration(code, "parseAnswer")).toContain("return received(readJsonBody(body, options, scanAnswer, readAnswer));");
  });

  it("leaves lists, maps, unions and inherited names without a branch, and gives an opaque body no scanner", async () => {
    const service = restService({
      types: [
        objectType("Page", [
          field("items", ref("object", "Link"), { list: { min: 0 } }),
          field("byName", scalar("string"), { map: true }),
          field("either", ref("object", "Either")),
          field("constructor", scalar("string")),
          field("next", ref("object", "Link")),
        ]),
        objectType("Either", [], { kind: "union", variants: ["Link"] }),
        objectType("Blob", [], { kind: "opaque" }),
        LINK,
      ],
      operations: [restOperation("list", undefined, "Page"), restOperation("blob", undefined, "Blob")],
    });
    const code = await emitWith(emitJson, service);
    const scanner = declaration(code, "scanPage");
    expect(scanner.match(/key === "/g)).toHaveLength(1);
    expect(scanner).toContain('if (key === "next") obj.next = scanLink(c.once(obj.next));');
    expect(code).not.toMatch(/function scan(Either|Blob)\b/);
    expect(declaration(code, "parseBlob")).not.toContain("readJsonBody");
  });
});
