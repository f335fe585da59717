/**
 * An operation whose contract declares an idempotency header: its description
 * names the header, the caller need not give it, and its doc says it is
 * retried; an operation without one stays never retried.
 */
import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import { idempotencyHeader } from "../../../generator/model/idempotency-header.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

describe("emitClient (idempotency header)", () => {
  const service = restService({
    types: [
      objectType("Req", [field("a", scalar("string"))]),
      objectType("Res", [field("b", scalar("string"))]),
    ],
    operations: [
      restOperation("charge", "Req", "Res", {
        headers: [field("Idempotency-Key", scalar("string"), { required: true })],
      }),
      restOperation("note", "Req", "Res", {
        headers: [field("X-Trace", scalar("string"), { required: true })],
      }),
    ],
  });

  it("names the header and the key's choice in the description of the operation that declares it, and only there", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "chargeOperation")).toContain(
      'idempotent: false,\n  idempotency: { header: "idempotency-key", keyOf: idempotencyKeyOf },',
    );
    expect(code).toContain(
      'import { idempotencyKeyOf } from "../runtime/http/idempotency-key.js";',
    );
    expect(declaration(code, "noteOperation")).not.toContain("idempotency:");
  });

  it("imports no key's choice when no operation declares the header", async () => {
    const plain = restService({
      types: [objectType("Req", [field("a", scalar("string"))])],
      operations: [restOperation("note", "Req", undefined)],
    });
    expect(await emitWith(emitClient, plain)).not.toContain("idempotencyKeyOf");
  });

  it("makes the key an optional parameter, other required headers staying required, and documents the retry", async () => {
    const code = await emitWith(emitClient, service);
    const client = declaration(code, "SvcClient");
    expect(declaration(code, "ChargeParams")).toContain('  readonly "Idempotency-Key"?: string;\n');
    expect(client).toContain("params?: ChargeParams,");
    expect(declaration(code, "NoteParams")).toContain('  readonly "X-Trace": string;\n');
    expect(client).toContain("params: NoteParams,");
    expect(client).toContain(
      "Sends an idempotency key in `Idempotency-Key` (the call's `idempotencyKey`, else a random UUID), the same with every attempt, so it is retried like a read.",
    );
  });
});

describe("idempotencyHeader", () => {
  it("recognises the IETF name, vendor-prefixed ones and PayPal's, never a correlation id", () => {
    const headerNamed = (name: string) =>
      idempotencyHeader({ headers: [field(name, scalar("string"))] });
    expect(
      ["Idempotency-Key", "v-c-idempotency-key", "X_IDEMPOTENCY_KEY", "PayPal-Request-Id"].map(
        headerNamed,
      ),
    ).toEqual(["Idempotency-Key", "v-c-idempotency-key", "X_IDEMPOTENCY_KEY", "PayPal-Request-Id"]);
    expect(
      ["X-Request-Id", "Idempotency", "Idempotency-Key-Hint", "correlation-id"].map(headerNamed),
    ).toEqual([undefined, undefined, undefined, undefined]);
    expect(idempotencyHeader({})).toBeUndefined();
  });
});
