import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDiagnostic, SchemaErrors } from "../../../generator/diagnostics/diagnostic.js";
import { generate, PROJECT_ROOT, type GenerateResult } from "../../../generator/generate.js";
import { writePackage, type TempPackage } from "../../helpers/temp-package.js";
import { describeWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";

const SPEC = sharedSpec("cybersource-rest-spec.2020-02-17.json");
const FIXTURES = path.join(PROJECT_ROOT, "test", "frontends", "overlay", "fixtures");

/** An overlay of the published REST spec: what the spec lacks and paygen adds, without copying the spec. */
function paymentsOverlay(contract: string): string {
  return `overlay:
  contract: ${JSON.stringify(contract)}
  service: payments-spec
  title: Payments, from the published spec
  notes:
    - { kind: info, text: "Amounts are exact decimals: the spec carries them as strings." }
types:
  CreatePaymentRequestOrderInformationAmountDetails:
    rename: PaymentAmount
    fields:
      totalAmount: { type: decimal, required: true, doc: "The amount to authorize, exact." }
  CreatePaymentRequestPaymentInformationCard:
    fields:
      number: { sensitive: card-number }
      securityCode: { sensitive: card-code, gap: card-code-rules }
operations:
  createPayment:
    notes:
      - { kind: interpretation, text: "The overlay marks the card number and security code sensitive." }
gaps:
  card-code-rules:
    text: "Which card types need a security code: not shown."
    extension: "Send it when the card has one; the gateway says when it is missing."
flows:
  cardAuthorization:
    operation: createPayment
    required: [orderInformation.amountDetails.totalAmount, paymentInformation.card.number]
`;
}

describeWithSpecs("an overlay on the published REST spec", () => {
  let result: GenerateResult;
  let pkg: TempPackage;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-overlay-"));
    const overlay = path.join(dir, "payments.overlay.yaml");
    await writeFile(overlay, paymentsOverlay(path.relative(dir, SPEC).split(path.sep).join("/")));
    result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [overlay],
      cwd: PROJECT_ROOT,
    });
    pkg = await writePackage(result.files);
  }, 600_000);

  it("renames the service and a type, and every reference follows", () => {
    const service = result.model.services[0]!;
    expect(service.name).toBe("payments-spec");
    expect(service.title).toBe("Payments, from the published spec");
    expect(
      service.types.some((t) => t.name === "CreatePaymentRequestOrderInformationAmountDetails"),
    ).toBe(false);
    const amount = service.types.find((t) => t.name === "PaymentAmount")!;
    expect(amount.fields.find((f) => f.name === "totalAmount")).toMatchObject({
      type: { kind: "scalar", name: "decimal" },
      required: true,
      doc: "The amount to authorize, exact.",
    });
    const order = service.types.find((t) => t.name === "CreatePaymentRequestOrderInformation")!;
    expect(order.fields.find((f) => f.name === "amountDetails")?.type).toEqual({
      kind: "object",
      name: "PaymentAmount",
    });
  });

  it("adds sensitive kinds, a gap, notes and a flow the spec does not have", async () => {
    const service = result.model.services[0]!;
    const card = service.types.find(
      (t) => t.name === "CreatePaymentRequestPaymentInformationCard",
    )!;
    expect(card.fields.find((f) => f.name === "number")?.sensitive).toBe("card-number");
    expect(card.fields.find((f) => f.name === "securityCode")).toMatchObject({
      sensitive: "card-code",
      gap: "card-code-rules",
    });
    expect(service.gaps.map((g) => g.id)).toEqual(["card-code-rules"]);
    expect(service.flows.map((f) => f.name)).toEqual(["cardAuthorization"]);
    const readme = result.files.find((f) => f.path === "README.md")!.content;
    expect(readme).toContain("card-code-rules");
    // The generated redactor hides what the overlay marked sensitive.
    const redact = await pkg.load("payments-spec", "redact");
    const redactor = redact["redactCreatePaymentRequest"] as (v: object) => {
      paymentInformation: { card: { number: string; securityCode: string } };
    };
    const shown = redactor({
      paymentInformation: { card: { number: "4111111111111111", securityCode: "123" } },
    });
    expect(JSON.stringify(shown)).not.toContain("4111111111111111");
    expect(JSON.stringify(shown)).not.toContain('"123"');
  });

  it("reads and writes the amount as an exact decimal", async () => {
    const json = await pkg.load("payments-spec", "json");
    const types = result.files.find((f) => f.path === "payments-spec/types.ts")!.content;
    expect(types).toMatch(/export interface PaymentAmount \{[\s\S]*?totalAmount: Decimal;/);
    const write = json["serializeCreatePaymentRequest"] as ((v: object) => string) | undefined;
    expect(typeof write).toBe("function");
    expect(
      write!({
        orderInformation: {
          amountDetails: { totalAmount: "12345678901234567890.12", currency: "USD" },
        },
      }),
    ).toContain('"totalAmount":"12345678901234567890.12"');
  });
});

describe("a wrong overlay", () => {
  it("reports every name the contract does not have, at its place in the overlay, and writes nothing", async () => {
    let problems: string[] = [];
    try {
      await generate({
        schemasDir: path.join(PROJECT_ROOT, "schemas"),
        from: [path.join(FIXTURES, "orders.overlay.yaml")],
        cwd: PROJECT_ROOT,
      });
    } catch (error) {
      if (!(error instanceof SchemaErrors)) throw error;
      problems = error.diagnostics.map(formatDiagnostic);
    }
    const file = "test/frontends/overlay/fixtures/orders.overlay.yaml";
    expect(problems).toEqual([
      `${file}:4:12: service name "Orders" must be lower-case words joined by "-"`,
      `${file}:6:3: the contract has no type or enum "OutcomeTyp"; did you mean "OutcomeType"?`,
      `${file}:9:13: "OutcomeType" already names a type or enum of the contract`,
      `${file}:11:7: "AuthType" has no field "nme"; did you mean "name"?`,
      `${file}:12:25: sensitive must be one of card-number, account-number, card-code, routing-number, transaction-key, cryptogram, wallet-payload, token, pin, track-data, secret, tax-id, query, or none`,
      `${file}:15:7: "ResultEnum" is an enum: it has values, not fields`,
      `${file}:18:22: unknown gap "amount-rules"`,
      `${file}:20:3: the contract has no operation "PlaceOrders"; did you mean "PlaceOrder"?`,
    ]);
  });
});

/** A login whose password is only sent (`writeOnly`) and whose id is only received (`readOnly`): two shapes, `Login` and `LoginWritable`. */
const LOGIN_SPEC = {
  openapi: "3.0.3",
  info: { title: "Logins", version: "1" },
  servers: [{ url: "https://api.example.test" }],
  paths: {
    "/logins": {
      post: {
        operationId: "createLogin",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Login" } } },
        },
        responses: {
          "201": {
            description: "Created",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Login" } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Login: {
        type: "object",
        properties: {
          id: { type: "string", readOnly: true },
          user: { type: "string" },
          password: { type: "string", writeOnly: true },
          motherMaidenName: { type: "string" },
          cardNumberHint: { type: "string" },
          memorable: { type: "string", format: "password" },
        },
      },
    },
  },
};

describe("an overlay's sensitive marks on a contract with read and write shapes", () => {
  it("adds and removes marks on the type and on the shape a caller sends, and paygen infers the rest", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-overlay-marks-"));
    await writeFile(path.join(dir, "logins.json"), JSON.stringify(LOGIN_SPEC));
    const overlay = path.join(dir, "logins.overlay.yaml");
    await writeFile(
      overlay,
      `overlay:\n  contract: logins.json\ntypes:\n  Login:\n    fields:\n      motherMaidenName: { sensitive: secret }\n      user: { sensitive: none }\n`,
    );
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [overlay],
      cwd: PROJECT_ROOT,
    });
    const service = result.model.services[0]!;
    const marks = (name: string) =>
      Object.fromEntries(
        service.types.find((t) => t.name === name)!.fields.map((f) => [f.name, f.sensitive ?? "-"]),
      );
    // The overlay's mark lands on both shapes; the inferred password mark is on the shape that has it.
    expect(marks("Login")).toEqual({
      id: "-",
      user: "-",
      motherMaidenName: "secret",
      cardNumberHint: "-",
      memorable: "secret",
    });
    expect(marks("LoginWritable")).toEqual({
      user: "-",
      password: "secret",
      motherMaidenName: "secret",
      cardNumberHint: "-",
      memorable: "secret",
    });
    // Table cells are padded to their column's width: compared with single spaces.
    const readme = result.files.find((f) => f.path === "README.md")!.content.replace(/ +/g, " ");
    expect(readme).toContain("| `LoginWritable.password` | `secret` | its name says password |");
    expect(readme).toContain("| `Login.memorable` | `secret` | format: password |");
    expect(readme).not.toContain("`Login.motherMaidenName`");
  });

  it("sensitive: none keeps paygen from inferring a mark", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-overlay-marks-"));
    await writeFile(path.join(dir, "logins.json"), JSON.stringify(LOGIN_SPEC));
    const overlay = path.join(dir, "logins.overlay.yaml");
    await writeFile(
      overlay,
      `overlay:\n  contract: logins.json\ntypes:\n  Login:\n    fields:\n      password: { sensitive: none }\n`,
    );
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [overlay],
      cwd: PROJECT_ROOT,
    });
    const writable = result.model.services[0]!.types.find((t) => t.name === "LoginWritable")!;
    expect(writable.fields.find((f) => f.name === "password")?.sensitive).toBeUndefined();
  });
});
