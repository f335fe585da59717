/**
 * The operation description of a REST client names its sensitive path, query,
 * header and cookie parameters, each with its kind, so the runtime keeps
 * their values out of every view; an operation with none names nothing.
 */
import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import type { PathParam } from "../../../generator/model/ir.js";
import {
  declaration,
  emitWith,
  field,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

const pathParam = (name: string, extra: Partial<PathParam> = {}): PathParam => ({
  name,
  type: scalar("string"),
  notes: [],
  ...extra,
});

describe("emitClient (sensitive parameters)", () => {
  const service = restService({
    types: [],
    operations: [
      restOperation("lookUp", undefined, undefined, {
        httpMethod: "GET",
        idempotent: true,
        path: "/cards/{pan}/{region}",
        params: [
          pathParam("pan", { sensitive: "card-number", sensitiveReason: "PAN" }),
          pathParam("region"),
        ],
        query: [
          field("card_number", scalar("string"), { sensitive: "card-number" }),
          field("limit", scalar("int")),
        ],
        headers: [field("X-Api-Secret", scalar("string"), { sensitive: "secret" })],
        cookies: [field("session_token", scalar("string"), { sensitive: "token" })],
      }),
      restOperation("lookUpMany", undefined, undefined, {
        httpMethod: "GET",
        idempotent: true,
        path: "/tokens",
        query: [
          field("pipes", scalar("string"), { sensitive: "token", list: { min: 0 } }),
          field("spaces", scalar("string"), { sensitive: "token", list: { min: 0 } }),
          field("commas", scalar("string"), { sensitive: "token", list: { min: 0 } }),
          field("repeated", scalar("string"), { sensitive: "token", list: { min: 0 } }),
          field("single", scalar("string"), { sensitive: "token" }),
        ],
        headers: [field("X-Tokens", scalar("string"), { sensitive: "token", list: { min: 0 } })],
        wire: {
          query: [
            { name: "pipes", style: "pipeDelimited", explode: false },
            { name: "spaces", style: "spaceDelimited", explode: false },
            { name: "commas", style: "form", explode: false },
          ],
        },
      }),
      restOperation("plain", undefined, undefined, {
        httpMethod: "GET",
        idempotent: true,
        query: [field("limit", scalar("int"))],
      }),
    ],
  });

  it("lists each sensitive parameter with where it is sent and its kind, in path, query, header, cookie order, for a paramRedaction only such an operation reaches", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "lookUpOperation")).toContain(
      `sensitiveParams: /* @__PURE__ */ paramRedaction([\n    { in: "path", name: "pan", kind: "card-number" },\n    { in: "query", name: "card_number", kind: "card-number" },\n    { in: "header", name: "X-Api-Secret", kind: "secret" },\n    { in: "cookie", name: "session_token", kind: "token" },\n  ]),`,
    );
  });

  it("gives a list sent as one value what joins its items (none for one sent as repeated pairs)", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "lookUpManyOperation")).toContain(
      `sensitiveParams: /* @__PURE__ */ paramRedaction([\n    { in: "query", name: "pipes", kind: "token", separator: "|" },\n    { in: "query", name: "spaces", kind: "token", separator: " " },\n    { in: "query", name: "commas", kind: "token", separator: "," },\n    { in: "query", name: "repeated", kind: "token" },\n    { in: "query", name: "single", kind: "token" },\n    { in: "header", name: "X-Tokens", kind: "token", separator: "," },\n  ]),`,
    );
  });

  it("fills a path's parameters through fillPath, and sends a path without any as it is", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "lookUp")).toContain(
      "fillPath(lookUpOperation.path, { pan, region })",
    );
    expect(declaration(code, "plain")).toContain("atBaseUrl(options, plainOperation.path)");
    // A base URL without a default in the contract is the option alone.
    expect(declaration(code, "atBaseUrl")).toContain("  return joinUrl(options.baseUrl, path);");
  });

  it("names nothing for an operation without a sensitive parameter", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "plainOperation")).not.toContain("sensitiveParams");
  });
});
