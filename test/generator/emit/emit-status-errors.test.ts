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

/** A REST service's status errors: one interface of error bodies by operation, one generic error type, one guard. */
describe("emitClient (status errors)", () => {
  const service = restService({
    types: [
      objectType("Problem", [field("message", scalar("string"))]),
      objectType("Busy", [field("retry", scalar("string"))]),
    ],
    operations: [
      restOperation("pay", undefined, undefined, {
        statuses: [
          { code: 200, meaning: "OK." },
          { code: 400, meaning: "Bad." },
        ],
        errorType: "Problem",
      }),
      restOperation("refund", undefined, undefined, {
        statuses: [
          { code: 200, meaning: "OK." },
          { code: 400, meaning: "Bad." },
          { code: 503, meaning: "Busy." },
        ],
        errorTypes: [
          { status: 400, type: "Problem" },
          { status: 503, type: "Busy" },
        ],
      }),
      restOperation("ping", undefined, undefined, {
        statuses: [
          { code: 200, meaning: "OK." },
          { code: 500, meaning: "Down." },
        ],
      }),
      restOperation("quiet", undefined, undefined),
    ],
  });

  it("maps each operation that documents an error status to its body type, saying how where no one schema does", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "SvcErrors")).toBe(
      [
        "/** The error body of each operation that documents an error status, by operation name: a failed call's `data` is its body read as this type, when it fits ({@link SvcError}). */",
        "export interface SvcErrors {",
        "  readonly pay: Problem;",
        "  /** Read with the schema of the status received: 400: {@link Problem}, 503: {@link Busy}. */",
        "  readonly refund: Problem | Busy;",
        "  /** The contract gives no schema for its error bodies: `data` is undefined, `body` holds what came. */",
        "  readonly ping: unknown;",
        "}",
      ].join("\n"),
    );
  });

  it("says in an operation's doc comment which type each error status's body is read as, where no one schema does", async () => {
    const code = await emitWith(emitClient, service);
    expect(code).toContain(
      "   * 400: Bad. Its body is read as `Problem` (`HttpStatusError.data`).\n",
    );
    expect(code).toContain(
      "   * 503: Busy. Its body is read as `Busy` (`HttpStatusError.data`).\n",
    );
    // One schema for every error status: `SvcErrors` says it, the status lines do not repeat it.
    expect(code).toContain("   * 400: Bad.\n");
  });

  it("types an operation's status error by its name, and narrows to it with one guard", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "SvcError")).toBe(
      [
        "/** What operation `N` rejects with for a status the call failed with: `data` is the body read as {@link SvcErrors}`[N]`, when it fits. */",
        "export type SvcError<N extends keyof SvcErrors> = HttpStatusError<SvcErrors[N]>;",
      ].join("\n"),
    );
    expect(declaration(code, "isSvcError")).toBe(
      [
        '/** Whether an error is the status error of a call of `operation` (`isSvcError(error, "pay")`), so its `data` is typed. */',
        "export function isSvcError<N extends keyof SvcErrors>(",
        "  error: unknown,",
        "  operation: N,",
        "): error is SvcError<N> {",
        "  return error instanceof HttpStatusError && error.operation === operation;",
        "}",
      ].join("\n"),
    );
    expect(code).not.toMatch(/export (type|function) (is)?(Pay|Refund|Ping|Quiet)Error\b/);
  });

  it("declares none of them when no operation documents an error status", async () => {
    const quiet = restService({ operations: [restOperation("quiet", undefined, undefined)] });
    const code = await emitWith(emitClient, quiet);
    expect(code).not.toContain("SvcError");
  });
});
