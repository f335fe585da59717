import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import { declaration, emitWith, restOperation, restService } from "../../helpers/ir.js";

/** A fact every operation of a service has is said once, in the client's doc comment; a method's says only its own. */
describe("emitClient (facts every operation shares)", () => {
  const note = { kind: "interpretation" as const, text: "The contract also accepts b." };
  const service = restService({
    operations: [
      restOperation("pay", undefined, undefined, { notes: [note] }),
      restOperation("look", undefined, undefined, {
        httpMethod: "GET",
        idempotent: true,
        notes: [note, { kind: "info", text: "Only here." }],
      }),
    ],
  });

  it("says the shared lines once, in the client's doc, and each method's own lines on it", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "SvcClient")).toBe(
      [
        "/**",
        " * The Test Service: one method per operation.",
        " *",
        " * Of every operation (said here once, not on each method):",
        " *",
        " * 200: OK.",
        " *",
        " * Interpretation: The contract also accepts b.",
        " */",
        "export interface SvcClient {",
        "  /**",
        "   * `POST /pay`.",
        "   *",
        "   * Never retried once the request may have reached the service: a duplicate could charge twice.",
        "   */",
        "  pay<C extends CallOptions = DataOnly>(call?: C): Promise<Answer<void, C>>;",
        "  /**",
        "   * `GET /look`.",
        "   *",
        "   * Retried on rate limiting, server errors and network failures, with exponential back-off.",
        "   *",
        "   * Note: Only here.",
        "   */",
        "  look<C extends CallOptions = DataOnly>(call?: C): Promise<Answer<void, C>>;",
        "}",
      ].join("\n"),
    );
  });

  it("keeps every line on the method of a service of one operation", async () => {
    const one = restService({
      operations: [restOperation("pay", undefined, undefined, { notes: [note] })],
    });
    const code = await emitWith(emitClient, one);
    expect(declaration(code, "SvcClient")).toContain(
      "   * 200: OK.\n   *\n   * Never retried once the request may have reached the service: a duplicate could charge twice.\n   *\n   * Interpretation: The contract also accepts b.\n   */",
    );
    expect(declaration(code, "SvcClient")).toMatch(
      /^\/\*\* The Test Service: one method per operation\. \*\/$/m,
    );
  });

  it("says the retries most operations have once, and each other way on its method", async () => {
    const three = restService({
      operations: [
        restOperation("pay", undefined, undefined),
        restOperation("refund", undefined, undefined),
        restOperation("look", undefined, undefined, { httpMethod: "GET", idempotent: true }),
      ],
    });
    const client = declaration(await emitWith(emitClient, three), "SvcClient");
    expect(client).toContain(
      " * Retries, where a method says nothing of them: Never retried once the request may have reached the service: a duplicate could charge twice.\n */",
    );
    expect(client).toContain("  /** `POST /pay`. */\n");
    expect(client).toContain(
      "   * `GET /look`.\n   *\n   * Retried on rate limiting, server errors and network failures, with exponential back-off.\n   */",
    );
  });
});
