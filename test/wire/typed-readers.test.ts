/**
 * Readers keep their types: a generated reader returns a value of its type or
 * throws `ParseError` naming the path; what a newer service adds (unknown
 * elements, properties, enum values) is ignored, kept or refused as the
 * `onUnknown` option says; a list never reads as silently empty; a decimal
 * read from JSON keeps its scale.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { ParseError } from "../../generated/runtime/errors.js";
import { parseJson } from "../../generated/runtime/json.js";
import { fn, generatedModule } from "../helpers/generated.js";

type Read = (
  body: string,
  options?: { onUnknown?: "ignore" | "keep" | "reject" },
) => Record<string, unknown>;

const xml = await generatedModule("subscriptions", "xml");
const json = await generatedModule("payments", "json");
const index = await generatedModule("subscriptions", "index");
type UnknownData = { fields: Record<string, unknown>; enumValues: Record<string, string[]> };
const unknownData = (value: unknown): UnknownData | undefined =>
  fn<(value: unknown) => UnknownData | undefined>(index, "unknownData")(value);

const NS = "urn:example:soap:v1";
const result = (op: string, content: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
  `<${op}Response xmlns="${NS}"><${op}Result>${content}</${op}Result></${op}Response></soap:Body></soap:Envelope>`;
const OK =
  "<resultCode>Ok</resultCode><messages><MessagesTypeMessage><code>I00001</code><text>Successful.</text></MessagesTypeMessage></messages>";
const OK_READ = { resultCode: "Ok", messages: [{ code: "I00001", text: "Successful." }] };

const parseStatus = fn<Read>(xml, "parseARBGetSubscriptionStatusResponse");
const parseList = fn<Read>(xml, "parseARBGetSubscriptionListResponse");
const parseCreate = fn<Read>(xml, "parseARBCreateSubscriptionResponse");
const parseProfile = fn<Read>(xml, "parseGetCustomerPaymentProfileResponse");
const parsePayment = fn<Read>(json, "parsePaymentResponse");

const detail = (fields: Partial<Record<string, string>> = {}): string => {
  const all: [string, string][] = [
    ["id", "1"],
    ["status", "active"],
    ["createTimeStampUTC", "2030-01-15T10:00:00Z"],
    ["totalOccurrences", "12"],
    ["pastOccurrences", "3"],
    ["paymentMethod", "creditCard"],
    ["amount", "19.90"],
    ["customerProfileId", "77"],
    ["customerPaymentProfileId", "78"],
    ["customerShippingProfileId", "79"],
  ];
  const body = all
    .map(([name, value]) => [name, name in fields ? fields[name] : value] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join("");
  return `<subscriptionDetail>${body}</subscriptionDetail>`;
};
const list = (details: string, total = "<totalNumInResultSet>1</totalNumInResultSet>"): string =>
  result(
    "ARBGetSubscriptionList",
    `${OK}${total}<subscriptionDetails>${details}</subscriptionDetails>`,
  );

/** The `ParseError` thrown by `f`: its failure and message. */
function parseError(f: () => unknown): ParseError {
  try {
    f();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error("expected a ParseError");
}

describe("item 8: a reader returns a value of its type or a ParseError with its path", () => {
  it("a missing required field is a ParseError naming it", () => {
    const missingTotal = parseError(() => parseList(list(detail(), "")));
    expect(missingTotal.failure).toBe("unexpected-shape");
    expect(missingTotal.message).toContain("ARBGetSubscriptionListResult.totalNumInResultSet");
    const missingNested = parseError(() =>
      parseList(list(detail({ customerProfileId: undefined }))),
    );
    expect(missingNested.message).toContain(
      "ARBGetSubscriptionListResult.subscriptionDetails.subscriptionDetail[0].customerProfileId",
    );
    expect(parseError(() => parseCreate(result("ARBCreateSubscription", OK))).message).toContain(
      "subscriptionId",
    );
  });

  it("an enum value outside the list is a ParseError naming the field", () => {
    const error = parseError(() =>
      parseStatus(result("ARBGetSubscriptionStatus", `${OK}<status>exploded</status>`)),
    );
    expect(error.message).toContain("ARBGetSubscriptionStatusResult.status");
    expect(error.message).not.toContain("exploded");
    expect(parseError(() => parseList(list(detail({ paymentMethod: "cash" })))).message).toContain(
      "subscriptionDetail[0].paymentMethod",
    );
  });

  it("a value of the wrong scalar form is a ParseError naming the field", () => {
    expect(
      parseError(() => parseList(list(detail({ createTimeStampUTC: "yesterday" })))).message,
    ).toContain("subscriptionDetail[0].createTimeStampUTC");
    expect(parseError(() => parseList(list(detail({ amount: "1,5" })))).message).toContain(
      "subscriptionDetail[0].amount",
    );
    expect(
      parseError(() => parsePayment('{"id":"1","submitTimeUtc":"last tuesday"}')).message,
    ).toContain("submitTimeUtc");
    expect(parseError(() => parsePayment('{"id":1}')).message).toContain("id");
    // White space around a number, a date or a decimal is not part of the value (XML Schema collapses it).
    const spaced = parseList(
      list(
        detail({
          totalOccurrences: " 12 ",
          createTimeStampUTC: "\n 2030-01-15T10:00:00Z ",
          amount: " 19.90 ",
        }),
      ),
    );
    expect(spaced["subscriptionDetails"]).toMatchObject([
      { totalOccurrences: 12, createTimeStampUTC: "2030-01-15T10:00:00Z", amount: "19.90" },
    ]);
  });

  it("a choice holding two members, or none, is a ParseError", () => {
    const profile = (payment: string) =>
      result(
        "GetCustomerPaymentProfile",
        `${OK}<paymentProfile><customerProfileId>1</customerProfileId><customerPaymentProfileId>2</customerPaymentProfileId>${payment}</paymentProfile>`,
      );
    const card = "<creditCard><cardNumber>XXXX1111</cardNumber></creditCard>";
    const bank = "<bankAccount><accountNumber>XXXX0021</accountNumber></bankAccount>";
    expect(parseProfile(profile(`<payment>${card}</payment>`))["paymentProfile"]).toMatchObject({
      payment: { creditCard: { cardNumber: "XXXX1111" } },
    });
    expect(
      parseError(() => parseProfile(profile(`<payment>${bank}${card}</payment>`))).message,
    ).toContain("paymentProfile.payment");
    expect(parseError(() => parseProfile(profile("<payment/>"))).message).toContain(
      "paymentProfile.payment",
    );
  });

  it("keeps the schema order of properties, and an absent field is no property at all", () => {
    const read =
      (
        parseList(list(detail().replace("</id>", "</id><name>Plan</name>")))[
          "subscriptionDetails"
        ] as Record<string, unknown>[]
      )[0] ?? {};
    expect(Object.keys(read)).toEqual([
      "id",
      "name",
      "status",
      "createTimeStampUTC",
      "totalOccurrences",
      "pastOccurrences",
      "paymentMethod",
      "amount",
      "customerProfileId",
      "customerPaymentProfileId",
      "customerShippingProfileId",
    ]);
  });

  it("XML elements out of schema order are a ParseError; a repeated element must stay together", () => {
    const swapped = result(
      "ARBGetSubscriptionList",
      `${OK}<subscriptionDetails>${detail()}</subscriptionDetails><totalNumInResultSet>1</totalNumInResultSet>`,
    );
    expect(parseError(() => parseList(swapped)).message).toBe(
      'ARBGetSubscriptionListResult: element "totalNumInResultSet" is out of schema order (it comes after "subscriptionDetails")',
    );
    const inner = detail().replace(
      "<id>1</id><status>active</status>",
      "<status>active</status><id>1</id>",
    );
    expect(parseError(() => parseList(list(inner))).message).toContain("subscriptionDetail[0]");
    const messages = result(
      "ARBGetSubscriptionStatus",
      "<resultCode>Ok</resultCode><messages><MessagesTypeMessage><text>t</text><code>c</code></MessagesTypeMessage></messages>",
    );
    expect(parseError(() => parseStatus(messages)).message).toContain(
      "messages.MessagesTypeMessage[0]",
    );
    // In schema order, with white space and comments between elements, it reads.
    expect(parseList(`${list(detail())}`)["totalNumInResultSet"]).toBe(1);
    expect(
      parseStatus(
        result(
          "ARBGetSubscriptionStatus",
          `\n  <resultCode>Ok</resultCode>\n  <!-- c -->\n  <status>active</status>\n`,
        ),
      ),
    ).toEqual({ resultCode: "Ok", status: "active" });
  });

  it("duplicate JSON keys are a ParseError: the last one never silently wins", () => {
    const body =
      '{"id":"1","orderInformation":{"amountDetails":{"authorizedAmount":"1.00","authorizedAmount":"999.00"}}}';
    const error = parseError(() => parsePayment(body));
    expect(error.failure).toBe("malformed");
    expect(error.message).toContain("authorizedAmount");
    expect(error.message).toContain("orderInformation.amountDetails");
    expect(error.message).not.toContain("999");
    expect(parseError(() => parseJson('{"a":1,"b":2,"a":3}')).failure).toBe("malformed");
    expect(parseError(() => parseJson('[{"a":1},{"b":{"c":1,"c":1}}]')).message).toContain("[1].b");
    // The same key in different objects is fine.
    expect(parseJson('[{"a":1},{"a":2}]')).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("no generated reader casts its result: no `as Partial<T> as T`", async () => {
    const files: string[] = [];
    for (const service of ["payments", "search", "subscriptions"]) {
      for (const name of await readdir(path.join(PROJECT_ROOT, "generated", service))) {
        if (/^(xml|json|server)\.ts$/.test(name))
          files.push(path.join(PROJECT_ROOT, "generated", service, name));
      }
    }
    expect(files.length).toBe(6);
    for (const file of files) {
      const text = await readFile(file, "utf8");
      expect(text, file).not.toMatch(/as Partial<\w+> as \w+/);
      expect(text, file).not.toMatch(/\) as \w+Enum \| undefined/);
    }
  });
});

describe("item 9: unknown data, by the onUnknown option", () => {
  const withExtra = result(
    "ARBGetSubscriptionStatus",
    `${OK}<status>active</status><nextBillingDate>2030-02-01</nextBillingDate>`,
  );

  it("unknown elements are ignored by default, kept with keep, refused with reject", () => {
    expect(parseStatus(withExtra)).toEqual({ ...OK_READ, status: "active" });
    expect(unknownData(parseStatus(withExtra))).toBeUndefined();
    expect(parseStatus(withExtra, { onUnknown: "ignore" })).toEqual({
      ...OK_READ,
      status: "active",
    });
    const kept = parseStatus(withExtra, { onUnknown: "keep" });
    expect(kept).toEqual({ ...OK_READ, status: "active" });
    expect(unknownData(kept)).toEqual({
      fields: { nextBillingDate: "2030-02-01" },
      enumValues: {},
    });
    expect(JSON.stringify(kept)).not.toContain("nextBillingDate");
    expect(parseError(() => parseStatus(withExtra, { onUnknown: "reject" })).message).toContain(
      'ARBGetSubscriptionStatusResult: element "nextBillingDate" is not in the schema',
    );
  });

  it("unknown JSON properties are ignored by default, kept with keep, refused with reject", () => {
    const body =
      '{"id":"1","riskInformation":{"score":12.50},"_links":{"self":{"href":"/pts/v2/payments/1","method":"GET","rel":"self","ttl":3.50}}}';
    // PaymentResponse and its inline objects are open (the schema says so): what they hold beyond their fields is kept beside the value, whatever the mode.
    const typed = { id: "1", _links: { self: { href: "/pts/v2/payments/1", method: "GET" } } };
    for (const mode of [undefined, "ignore", "keep"] as const) {
      const read = parsePayment(body, mode ? { onUnknown: mode } : undefined);
      expect(read).toEqual(typed);
      expect(unknownData(read)?.fields).toEqual({ riskInformation: { score: 12.5 } });
    }
    // Link is closed: its unknown properties follow the option.
    const kept = parsePayment(body, { onUnknown: "keep" });
    const self = (kept as { _links: { self: object } })._links.self;
    expect(unknownData(self)).toEqual({ fields: { rel: "self", ttl: 3.5 }, enumValues: {} });
    expect(JSON.stringify(kept)).not.toContain("rel");
    expect(parseError(() => parsePayment(body, { onUnknown: "reject" })).message).toBe(
      '_links.self: property "rel" is not in the schema',
    );
  });

  it("a new enum value is a ParseError by default and with reject; keep leaves an optional field out and keeps the value", () => {
    const body = result("ARBGetSubscriptionStatus", `${OK}<status>paused</status>`);
    expect(parseError(() => parseStatus(body)).message).toContain(
      "ARBGetSubscriptionStatusResult.status",
    );
    expect(parseError(() => parseStatus(body, { onUnknown: "reject" })).message).toContain(
      "ARBGetSubscriptionStatusResult.status",
    );
    const kept = parseStatus(body, { onUnknown: "keep" });
    expect(kept).toEqual(OK_READ);
    expect(unknownData(kept)).toEqual({ fields: {}, enumValues: { status: ["paused"] } });
    // A required enum field cannot leave its value out: its type has no place for it.
    expect(
      parseError(() => parseList(list(detail({ status: "paused" })), { onUnknown: "keep" }))
        .message,
    ).toContain("subscriptionDetail[0].status");
  });

  it("a list wrapper holding another element than its item never reads as an empty list", () => {
    // The XML API schema's shape: <messages><message>…, where the service's WSDL (and so the schema) has <messages><MessagesTypeMessage>….
    const xmlApi = result(
      "ARBGetSubscriptionStatus",
      "<resultCode>Ok</resultCode><messages><message><code>I00001</code><text>Successful.</text></message></messages>",
    );
    for (const mode of [undefined, "ignore", "reject"] as const) {
      const error = parseError(() => parseStatus(xmlApi, mode ? { onUnknown: mode } : undefined));
      expect(error.message).toContain("ARBGetSubscriptionStatusResult.messages");
      expect(error.message).toContain('"message"');
    }
    const kept = parseStatus(xmlApi, { onUnknown: "keep" });
    expect(kept).toEqual({ resultCode: "Ok", messages: [] });
    expect(unknownData(kept)?.fields["messages"]).toEqual({
      message: { code: "I00001", text: "Successful." },
    });
    // An empty wrapper is an empty list.
    expect(
      parseStatus(result("ARBGetSubscriptionStatus", "<resultCode>Ok</resultCode><messages/>")),
    ).toEqual({ resultCode: "Ok", messages: [] });
  });

  it("refuses an option value it does not know", () => {
    expect(() => parseStatus(withExtra, { onUnknown: "drop" as "ignore" })).toThrow(TypeError);
  });
});

describe("item 10: a decimal read from JSON keeps its scale", () => {
  it("12.30 stays 12.30: JSON numbers of decimal fields are read from the source text", () => {
    const amount = (raw: string) =>
      ((
        parsePayment(`{"orderInformation":{"amountDetails":{"authorizedAmount":${raw}}}}`)[
          "orderInformation"
        ] as Record<string, Record<string, unknown>>
      )["amountDetails"] ?? {})["authorizedAmount"];
    expect(amount("12.30")).toBe("12.30");
    expect(amount("102.10")).toBe("102.10");
    expect(amount("0.000")).toBe("0.000");
    expect(amount("-5.0")).toBe("-5.0");
    expect(amount("1.230e1")).toBe("12.30");
    expect(amount("123456789012345678901234567890.120")).toBe("123456789012345678901234567890.120");
    expect(amount('"7.50"')).toBe("7.50");
    expect(() => amount("1e99999")).toThrow(ParseError);
  });
});

describe("XML text keeps its white space", () => {
  it("a string keeps leading and trailing spaces (xs:string preserves them)", () => {
    const envelope = list(detail().replace("</id>", "</id><name>  Plan  A </name>"));
    expect(
      (parseList(envelope)["subscriptionDetails"] as Record<string, unknown>[])[0]?.["name"],
    ).toBe("  Plan  A ");
  });
});

describe("an Error result", () => {
  it("may lack the fields a success requires, and still has its values checked", () => {
    const error =
      "<resultCode>Error</resultCode><messages><MessagesTypeMessage><code>E00040</code><text>Not found.</text></MessagesTypeMessage></messages>";
    const read = parseCreate(result("ARBCreateSubscription", error));
    expect(read).toEqual({
      resultCode: "Error",
      messages: [{ code: "E00040", text: "Not found." }],
    });
    expect(Object.keys(read)).toEqual(["resultCode", "messages"]);
    expect(
      parseError(() =>
        parseCreate(result("ARBCreateSubscription", `${error}<subscriptionId>x</subscriptionId>`)),
      ).message,
    ).toContain("subscriptionId");
  });
});
