import { describe, expect, it } from "vitest";
import { emitJson } from "../../../generator/emit/emit-json.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  ref,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/** The scanners of emit-json: small models in, exact declarations out. */
const LINK = objectType("Link", [field("href", scalar("string"), { required: true })]);

describe("emitJsonScanners", () => {
  it("gives each key of a response type a branch into a local, then builds the value as its reader does", async () => {
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
    expect(declaration(code, "scanAnswer"))
      .toBe(`function scanAnswer(c: JsonScan, o: ReadContext): Answer {
  let value0: string | boolean | undefined;
  let value1: Link | undefined;
  let value2: string | boolean | undefined;
  let value3: string | boolean | undefined;
  for (let more = c.open(); more; more = c.next()) {
    const key = c.key;
    if (key === "id") value0 = c.scalar(value0);
    else if (key === "self") value1 = scanLink(c.once(value1), o);
    else if (key === "ok") value2 = c.scalar(value2);
    else if (key === "amount-due") value3 = c.scalar(value3);
    else c.giveUp();
  }

  const path = "";
  const u = unknownsOf(o);
  const out: Answer = {
    id: readLong(value0, o, path, "id", REQUIRED),
  };
  let v;
  if ((v = value1) !== undefined) out.self = v;
  if ((v = readBoolean(value2, o, path, "ok")) !== undefined) out.ok = v;
  if ((v = readDecimal(value3, o, path, "amount-due")) !== undefined) out["amount-due"] = v;
  return finish(out, u);
}`);
    expect(declaration(code, "parseAnswer")).toContain(
      "return received(readJsonBody(body, options, scanAnswer, readAnswer));",
    );
  });

  it("gives lists, maps and unions no branch, and no scanner to types a reader cannot read as plain fields", async () => {
    const service = restService({
      types: [
        objectType("Page", [
          field("items", ref("object", "Link"), { list: { min: 0 } }),
          field("byName", scalar("string"), { map: true }),
          field("either", ref("object", "Either")),
          field("odd", ref("object", "Odd")),
          field("needy", ref("object", "Needy")),
          field("next", ref("object", "Link")),
        ]),
        objectType("Either", [], { kind: "union", variants: ["Link"] }),
        // A field named like an Object.prototype member: its reader builds without a prototype.
        objectType("Odd", [field("constructor", scalar("string"))]),
        // A required list: a scanned body never holds it, so the scanner could never give a value.
        objectType("Needy", [
          field("all", scalar("string"), { required: true, list: { min: 1 } }),
          field("name", scalar("string")),
        ]),
        objectType("Blob", [], { kind: "opaque" }),
        LINK,
      ],
      operations: [
        restOperation("list", undefined, "Page"),
        restOperation("blob", undefined, "Blob"),
      ],
    });
    const code = await emitWith(emitJson, service);
    const scanner = declaration(code, "scanPage");
    expect(scanner.match(/key === "/g)).toHaveLength(1);
    expect(scanner).toContain('if (key === "next") value0 = scanLink(c.once(value0), o);');
    expect(code).not.toMatch(/function scan(Either|Odd|Needy|Blob)\b/);
    expect(declaration(code, "parseBlob")).not.toContain("readJsonBody");
  });

  it("builds an extension's value with its base's fields first, as the reader that delegates to the base does", async () => {
    const base = objectType("Base", [field("id", scalar("string"), { required: true })]);
    const extension = objectType("Extended", [field("extra", scalar("string"))], {
      base: "Base",
      allFields: [...base.allFields, field("extra", scalar("string"))],
    });
    const service = restService({
      types: [base, extension],
      operations: [restOperation("get", undefined, "Extended")],
    });
    const code = await emitWith(emitJson, service);
    // The reader delegates to the base's fields reader; the scanner builds all fields itself, in the same order.
    expect(declaration(code, "readExtended")).toContain("readBaseFields(obj, path, o, u)");
    const scanner = declaration(code, "scanExtended");
    expect(scanner).toContain('if (key === "id") value0 = c.scalar(value0);');
    expect(scanner).toContain('else if (key === "extra") value1 = c.scalar(value1);');
    expect(scanner).toContain(
      'const out: Extended = {\n    id: readString(value0, o, path, "id", REQUIRED),\n  };',
    );
  });
});
