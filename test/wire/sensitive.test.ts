import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import type { Field, Service } from "../../generator/model/ir.js";
import { ValidationError } from "../../generated/payments/index.js";
import { fn, generatedModule, projectModel } from "../helpers/generated.js";
import { valueOf } from "../helpers/model-values.js";

/**
 * A sweep over every type that holds a sensitive field: with marker values in
 * each sensitive field, no validation message, redacted copy or inspect output
 * may contain them (card and account numbers may show their last four digits).
 */
const CARD = "4111111111119876";
const SECRET = "S3CRET-VALUE-42";
const marker = (f: Field) =>
  f.sensitive === "card-number" || f.sensitive === "account-number" ? CARD : SECRET;
const forbidden = [CARD, CARD.slice(0, 12), SECRET];

const model = await projectModel();

/**
 * Names of the types a caller sends, read from the model: every operation's
 * request type and every type it contains or extends. Each gets a validator.
 */
function sentTypes(service: Service): Set<string> {
  const byName = new Map(service.types.map((t) => [t.name, t]));
  const sent = new Set<string>();
  const visit = (name: string): void => {
    const type = byName.get(name);
    if (!type || sent.has(name)) return;
    sent.add(name);
    if (type.base) visit(type.base);
    for (const f of type.allFields) if (f.type.kind === "object") visit(f.type.name);
  };
  for (const op of service.operations) if (op.requestType) visit(op.requestType);
  return sent;
}

describe.each(model.services.map((s) => [s.name, s] as const))(
  "sensitive values of %s",
  (name, service) => {
    const holders = service.types.filter(
      (t) => t.kind !== "opaque" && t.allFields.some((f) => f.sensitive !== undefined),
    );

    it("has sensitive fields to sweep", () => {
      expect(holders.length).toBeGreaterThan(0);
    });

    it("never appear in validation messages, even when every field is wrong", async () => {
      const validators = await generatedModule(name, "validators");
      const sent = sentTypes(service);
      let checked = 0;
      for (const type of holders) {
        const validate = validators[`validate${type.name}`];
        if (typeof validate !== "function") continue; // response-only type: counted below
        checked++;
        const value = valueOf(service, type.name, {
          mode: "full",
          sensitiveValue: marker,
          xml: service.protocol === "soap",
        }) as Record<string, unknown>;
        // Break every field: sensitive values of the wrong kind, plus unknown fields.
        const broken: Record<string, unknown> = { ...value, extraCard: CARD };
        for (const f of type.allFields)
          if (f.sensitive)
            broken[f.name] = { nested: f.sensitive === "card-number" ? CARD : SECRET };
        const messages = JSON.stringify((validate as (v: unknown) => unknown)(broken));
        for (const secret of forbidden) expect(messages, type.name).not.toContain(secret);
        const error = new ValidationError(
          (validate as (v: unknown) => { issues?: [] })(broken).issues ?? [],
        );
        for (const secret of forbidden) expect(error.message).not.toContain(secret);
      }
      // Every type a caller sends was checked: a missing validator is a failure, not a skip.
      expect(checked).toBe(holders.filter((t) => sent.has(t.name)).length);
    });

    it("never appear in redacted copies or their inspect output", async () => {
      const redact = await generatedModule(name, "redact");
      for (const type of holders) {
        const value = valueOf(service, type.name, {
          mode: "full",
          sensitiveValue: marker,
          xml: service.protocol === "soap",
        });
        const redacted = fn<(v: unknown) => unknown>(redact, `redact${type.name}`)(value);
        const text = `${JSON.stringify(redacted)}\n${inspect(redacted, { depth: 20 })}`;
        for (const secret of forbidden) expect(text, type.name).not.toContain(secret);
        if (type.allFields.some((f) => f.sensitive === "card-number"))
          expect(text).toContain("9876");
        // The original is untouched: the wire still gets the real value.
        expect(JSON.stringify(value)).toContain(
          type.allFields.some(
            (f) => f.sensitive === "card-number" || f.sensitive === "account-number",
          )
            ? CARD
            : SECRET,
        );
      }
    });
  },
);

describe("builders hand back objects whose inspect output is redacted", () => {
  it("a wallet flow request prints without its payload, while JSON keeps it for the wire", async () => {
    const flows = await generatedModule("payments", "flows");
    const build = fn<(input: unknown) => unknown>(flows, "buildWallet012Request");
    const request = build({
      orderInformation: {
        amountDetails: { totalAmount: "10.00", currency: "USD" },
        billTo: {
          firstName: "A",
          lastName: "B",
          address1: "1 Main St",
          locality: "Town",
          administrativeArea: "CA",
          postalCode: "94000",
          country: "US",
          email: "a@example.test",
        },
      },
      paymentInformation: { fluidData: { value: "eyJ3YWxsZXQiOiJTM0NSRVQtVkFMVUUtNDIifQ==" } },
    });
    expect(inspect(request, { depth: 20 })).not.toContain("eyJ3YWxsZXQi");
    expect(JSON.stringify(request)).toContain("eyJ3YWxsZXQi");
  });
});

describe("search queries in logs", () => {
  it("keep their shape but lose the values of sensitive query fields", async () => {
    const redact = await generatedModule("search", "redact");
    const redactRequest = fn<(v: unknown) => { query: string }>(redact, "redactSearchRequest");
    const query =
      "paymentInformation.card.number:4111111111119876 AND clientReferenceInformation.code:order-1 AND paymentInformation.bank.account.number:(12345678901 OR 99999999999) OR paymentInformation.card.number:411111*";
    const logged = redactRequest({ query, sort: "submitTimeUtc:desc" }).query;
    for (const secret of ["4111111111119876", "411111", "12345678901", "99999999999"])
      expect(logged).not.toContain(secret);
    expect(logged).toContain("clientReferenceInformation.code:order-1");
    expect(logged).toContain("…9876");
    expect(
      redactRequest({
        query: "paymentInformation.card.number:4111111111119876 AND (",
        sort: "id:asc",
      }).query,
    ).toBe("[redacted: query could not be parsed]");
  });
});
