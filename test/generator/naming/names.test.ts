import { describe, expect, it } from "vitest";
import { identifierBase, typeBase } from "../../../generator/naming/case.js";
import { resolveNames, serviceNames, type NameRequests } from "../../../generator/naming/names.js";
import { RESERVED } from "../../../generator/naming/reserved.js";
import { enumType, objectType, restOperation, restService } from "../../helpers/ir.js";

const requests = (
  topLevel: NameRequests["topLevel"],
  methods: NameRequests["methods"] = [],
  links: NameRequests["links"] = [],
): NameRequests => ({
  topLevel,
  methods,
  links,
});

describe("resolveNames", () => {
  it("keeps a free name as it is", () => {
    const names = resolveNames(
      requests([{ kind: "type", subject: "Order", base: "Order" }]),
      RESERVED,
    );
    expect(names.get("type", "Order")).toBe("Order");
  });

  it("renames what clashes with a global, a word or a runtime export, never the wire name", () => {
    const names = resolveNames(
      requests([
        { kind: "type", subject: "Error", base: "Error" },
        { kind: "type", subject: "Decimal", base: "Decimal" },
        { kind: "type", subject: "string", base: "string" },
      ]),
      new Set([...RESERVED, "Decimal"]),
    );
    expect([
      names.get("type", "Error"),
      names.get("type", "Decimal"),
      names.get("type", "string"),
    ]).toEqual(["Error$", "Decimal$", "string$"]);
  });

  it("gives types priority over functions, and resolves clashes in subject order", () => {
    const names = resolveNames(
      requests([
        { kind: "flowValidator", subject: "payRequest", base: "validatePayRequest" },
        { kind: "validator", subject: "PayRequest", base: "validatePayRequest" },
        { kind: "type", subject: "validatePayRequest", base: "validatePayRequest" },
      ]),
      RESERVED,
    );
    expect(names.get("type", "validatePayRequest")).toBe("validatePayRequest");
    expect(names.get("validator", "PayRequest")).toBe("validatePayRequest$");
    expect(names.get("flowValidator", "payRequest")).toBe("validatePayRequest$2");
  });

  it("never gives a member a name that changes what an object is", () => {
    const names = resolveNames(
      requests(
        [],
        [
          { operation: "then", base: "then" },
          { operation: "constructor", base: "constructor" },
          { operation: "pay", base: "pay" },
        ],
        [
          { operation: "pay", link: "self", base: "toString", taken: [] },
          { operation: "pay", link: "capture", base: "id", taken: ["id"] },
        ],
      ),
      RESERVED,
    );
    expect([names.method("then"), names.method("constructor"), names.method("pay")]).toEqual([
      "then$",
      "constructor$",
      "pay",
    ]);
    expect([names.linkMethod("pay", "self"), names.linkMethod("pay", "capture")]).toEqual([
      "toString$",
      "id$",
    ]);
  });

  it("never exports an operation's function as then, which would make a module thenable", () => {
    const names = resolveNames(
      requests([
        { kind: "operationFunction", subject: "then", base: "then" },
        { kind: "operationFunction", subject: "config", base: "config" },
        { kind: "operationFunction", subject: "authorize", base: "authorize" },
      ]),
      RESERVED,
    );
    expect(["then", "config", "authorize"].map((op) => names.get("operationFunction", op))).toEqual(
      ["then$", "config$", "authorize"],
    );
  });

  it("refuses a name nobody asked for", () => {
    const names = resolveNames(requests([]), RESERVED);
    expect(() => names.get("type", "Nope")).toThrow(/not asked/);
    expect(() => names.method("nope")).toThrow(/no method name/);
  });
});

describe("identifierBase", () => {
  const table: { given: string; want: string }[] = [
    { given: "Order", want: "Order" },
    { given: "customer-profile", want: "CustomerProfile" },
    { given: "Foo.Bar", want: "FooBar" },
    { given: "3dsecure", want: "_3dsecure" },
    { given: "---", want: "_" },
    { given: "$ref", want: "$ref" },
  ];
  it.each(table)("$given", ({ given, want }) => expect(identifierBase(given)).toBe(want));
});

describe("typeBase", () => {
  const table: { given: string; want: string }[] = [
    { given: "PaymentRequest", want: "PaymentRequest" },
    { given: "ARBGetSubscriptionListRequest", want: "ARBGetSubscriptionListRequest" },
    { given: "order", want: "Order" },
    { given: "payment_intent", want: "PaymentIntent" },
    { given: "confirm_order_requestWritable", want: "ConfirmOrderRequestWritable" },
    { given: "error_400", want: "Error400" },
    { given: "400", want: "_400" },
    { given: "3d_secure", want: "_3dSecure" },
    { given: "CARD_EXPIRY_REQUIRED", want: "CARDEXPIRYREQUIRED" },
    { given: "---", want: "_" },
  ];
  it.each(table)("$given", ({ given, want }) => expect(typeBase(given)).toBe(want));

  it("names what is made of a lower-case type after it in PascalCase", () => {
    const names = serviceNames(
      restService({ types: [objectType("order", [])], enums: [enumType("orderIntent", ["A"])] }),
      [],
    );
    expect(
      ["type", "parser", "validator", "serializer", "description"].map((k) =>
        names.get(k as "type", "order"),
      ),
    ).toEqual(["Order", "parseOrder", "validateOrder", "serializeOrder", "descriptionOfOrder"]);
    expect(
      ["type", "enumGuard", "enumValues"].map((k) => names.get(k as "type", "orderIntent")),
    ).toEqual(["OrderIntent", "isOrderIntent", "orderIntentValues"]);
  });
});

describe("the names of what a REST service's operations share", () => {
  const service = restService({
    operations: [
      restOperation("pay", undefined, undefined, {
        security: ["0auth", "api-key"],
        statuses: [{ code: 402, meaning: "Declined." }],
      }),
      restOperation("look", undefined, undefined, { security: ["api-key"] }),
    ],
  });
  const names = serviceNames(service, []);

  it("names one credential function per set of schemes, an identifier whatever the schemes are called", () => {
    expect(names.get("credentialHeaders", "0auth and api-key")).toBe("_0authAndApiKeyCredentials");
    expect(names.get("credentialHeaders", "api-key")).toBe("apiKeyCredentials");
  });

  it("names the base URL join and the status errors after the base URL and the service", () => {
    expect(names.get("baseUrlJoin", "base_url")).toBe("atBaseUrl");
    expect(names.get("serviceErrors", "svc")).toBe("SvcErrors");
    expect(names.get("serviceError", "svc")).toBe("SvcError");
    expect(names.get("serviceErrorGuard", "svc")).toBe("isSvcError");
  });
});
