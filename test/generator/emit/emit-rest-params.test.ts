/**
 * An operation's query, header and cookie parameters are one named, exported
 * object type (`<Operation>Params`), written once with each member's doc
 * comment, and the client method and the operation function both take it.
 */
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

describe("emitClient (an operation's parameters)", () => {
  const service = restService({
    types: [],
    operations: [
      restOperation("listCards", undefined, undefined, {
        httpMethod: "GET",
        idempotent: true,
        path: "/cards",
        query: [
          field("limit", scalar("int"), { doc: "How many cards at most." }),
          field("starting_after", scalar("string")),
        ],
        headers: [field("X-Merchant", scalar("string"), { required: true })],
        cookies: [field("session", scalar("string"))],
      }),
      restOperation("ping", undefined, undefined, {
        httpMethod: "GET",
        idempotent: true,
        path: "/ping",
      }),
    ],
  });

  it("declares the parameters once, in query, header, cookie order, each documented member on its own line", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "ListCardsParams")).toBe(
      [
        "/** The query, header and cookie parameters of `listCards`. */",
        "export interface ListCardsParams {",
        "  /** How many cards at most. */",
        "  readonly limit?: number;",
        "  readonly starting_after?: string;",
        '  readonly "X-Merchant": string;',
        "  readonly session?: string;",
        "}",
      ].join("\n"),
    );
  });

  it("has the operation function take that type, required when a member is", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "listCards")).toContain("  params: ListCardsParams,\n");
  });

  it("declares no parameters type for an operation without any", async () => {
    const code = await emitWith(emitClient, service);
    expect(code).not.toContain("PingParams");
  });
});
