import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import { emitRedact } from "../../../generator/emit/emit-redact.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

describe("emitClient (REST)", () => {
  const service = restService({
    types: [
      objectType("Req", [field("a", scalar("string"))]),
      objectType("Res", [field("b", scalar("string"))]),
    ],
    operations: [
      restOperation("then", "Req", "Res"),
      restOperation("constructor", undefined, "Res", { httpMethod: "GET", idempotent: true }),
      restOperation("pay", "Req", "Res"),
    ],
  });

  it("never names a method then, constructor or the like: the client stays a plain object", async () => {
    expect(declaration(await emitWith(emitClient, service), "SvcClient")).toBe(`/**
 * The Test Service: one method per operation.
 *
 * Of every operation (said here once, not on each method):
 *
 * 200: OK.
 *
 * Retries, where a method says nothing of them: Never retried once the request may have reached the service: a duplicate could charge twice.
 */
export interface SvcClient {
  /** \`POST /then\`. */
  then$<C extends CallOptions = DataOnly>(
    request?: Req,
    call?: C,
  ): Promise<Answer<Received<Res>, C>>;
  /**
   * \`GET /constructor\`.
   *
   * Retried on rate limiting, server errors and network failures, with exponential back-off.
   */
  constructor$<C extends CallOptions = DataOnly>(call?: C): Promise<Answer<Received<Res>, C>>;
  /** \`POST /pay\`. */
  pay<C extends CallOptions = DataOnly>(request?: Req, call?: C): Promise<Answer<Received<Res>, C>>;
}`);
  });
});

describe("emitRedact", () => {
  it("redacts a sensitive field and delegates to the redactor of a nested type", async () => {
    const service = restService({
      types: [
        objectType("Card", [
          field("number", scalar("string"), { sensitive: "card-number" }),
          field("holder", scalar("string")),
        ]),
        objectType("Req", [
          field("card", { kind: "object", name: "Card" }),
          field("cards", { kind: "object", name: "Card" }, { list: { min: 0 } }),
        ]),
      ],
      operations: [restOperation("pay", "Req", undefined)],
    });
    expect(declaration(await emitWith(emitRedact, service), "redactReq"))
      .toBe(`/** A copy of a {@link Req} with every sensitive value redacted, for logs and inspect output. */
export function redactReq(value: Req): Req {
  return redactFields(value, [
    ["card", redactCard],
    ["cards", redactCard, "list"],
  ]);
}`);
  });

  it("names the kind a sensitive field is redacted as, for the runtime's redactFields", async () => {
    const service = restService({
      types: [
        objectType("Card", [
          field("number", scalar("string"), { sensitive: "card-number" }),
          field("holder", scalar("string")),
        ]),
      ],
      operations: [restOperation("pay", "Card", undefined)],
    });
    const code = await emitWith(emitRedact, service);
    expect(declaration(code, "redactCard")).toContain(
      'return redactFields(value, [["number", "card-number"]]);',
    );
    expect(code).toContain('import { redactFields } from "../runtime/redact-fields.js";');
  });
});
