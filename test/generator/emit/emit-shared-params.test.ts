import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import {
  declaration,
  emitWith,
  field,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/** Operations whose query, header and cookie parameters are the same share one interface. */
describe("emitClient (parameters several operations share)", () => {
  const expand = field("expand", scalar("string"), { doc: "Fields to expand." });
  const service = restService({
    operations: [
      restOperation("look", undefined, undefined, { httpMethod: "GET", query: [expand] }),
      restOperation("find", undefined, undefined, { httpMethod: "GET", query: [expand] }),
      restOperation("list", undefined, undefined, {
        httpMethod: "GET",
        query: [{ ...expand, doc: "Other fields." }],
      }),
    ],
  });

  it("declares the first operation's interface, and the same parameters as an alias of it", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "LookParams")).toBe(
      [
        "/** The query, header and cookie parameters of `look`. */",
        "export interface LookParams {",
        "  /** Fields to expand. */",
        "  readonly expand?: string;",
        "}",
      ].join("\n"),
    );
    expect(declaration(code, "FindParams")).toBe(
      [
        "/** The query, header and cookie parameters of `find`: those of {@link LookParams}. */",
        "export type FindParams = LookParams;",
      ].join("\n"),
    );
    expect(declaration(code, "find")).toContain("  params?: FindParams,\n");
  });

  it("keeps an interface of its own for parameters documented otherwise", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "ListParams")).toContain("  /** Other fields. */\n");
  });
});
