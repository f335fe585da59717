import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/** emit-rest-client: an operation's spec holds only what its call reaches at run time. */
describe("emitClient (REST): the operation spec", () => {
  const service = restService({
    types: [objectType("Req", [field("capture", scalar("boolean"))])],
    operations: [
      restOperation("pay", "Req", undefined, {
        statuses: [
          { code: 200, meaning: "Paid." },
          { code: 201, meaning: "Created." },
          { code: 402, meaning: "Declined." },
        ],
        requestConstants: [{ path: "capture", value: true }],
      }),
      restOperation("plain", "Req", undefined),
    ],
  });

  it("gives the meanings of error statuses only: a success's is never shown", async () => {
    const spec = declaration(await emitWith(emitClient, service), "payOperation");
    expect(spec).toContain('meanings: { 402: "Declined." },');
    expect(spec).not.toContain("Paid.");
  });

  it("fills in an operation's constants through a function, so an operation without any never reaches withConstants", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "payOperation")).toContain(
      'constants: (request) => withConstants(request, [["capture", true]], "pay"),',
    );
    expect(declaration(code, "plainOperation")).not.toContain("constants");
    expect(code).toMatch(/import \{ withConstants \} from "\.\.\/runtime\/flow\.js";/);
  });

  it("leaves the runtime's defaults unwritten: no 404 retry, no documented error meaning", async () => {
    const spec = declaration(await emitWith(emitClient, service), "plainOperation");
    expect(spec).toBe(
      [
        "const plainOperation: RestOperation<Req, void> = {",
        '  name: "plain",',
        '  method: "POST",',
        '  path: "/plain",',
        "  idempotent: false,",
        "  validate: validateReq,",
        "  serialize: serializeReq,",
        "  parse: () => undefined,",
        "};",
      ].join("\n"),
    );
  });

  it("hands the response's parser to the runtime as it is, and links the function form to its method", async () => {
    const read = restService({
      types: [objectType("Res", [field("id", scalar("string"))])],
      operations: [
        restOperation("look", undefined, "Res", { httpMethod: "GET", idempotent: true }),
      ],
    });
    const code = await emitWith(emitClient, read);
    expect(declaration(code, "lookOperation")).toContain("  parse: parseRes,\n");
    expect(declaration(code, "look")).toMatch(
      /^\/\*\* The function form of \{@link SvcClient\.look\}: `GET \/look`\. \*\/$/m,
    );
  });
});
