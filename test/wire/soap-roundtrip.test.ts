import { describe, expect, it } from "vitest";
import type { SoapOperation } from "../../generator/model/ir.js";
import { fn, generatedModule, projectModel } from "../helpers/generated.js";
import { rng, valueOf } from "../helpers/model-values.js";

const NS = "urn:example:soap:v1";
const model = await projectModel();
const soapServices = model.services.filter((s) => s.protocol === "soap");
/** The details below are those of the subscriptions service's documents. */
const subscriptionsXml = await generatedModule("subscriptions", "xml");
const cases = soapServices.flatMap((service) =>
  service.operations
    .filter((o): o is SoapOperation => o.protocol === "soap")
    .map((op) => [service.name, op.name, service, op] as const),
);

it("the model has a SOAP service with operations to round-trip", () => {
  expect(soapServices.length).toBeGreaterThan(0);
  for (const service of soapServices)
    expect(cases.filter(([name]) => name === service.name).length, service.name).toBeGreaterThan(0);
});

describe.each(cases)("SOAP %s %s", (_service, _op, service, op) => {
  const seeds = Array.from({ length: 20 }, (__, i) => i + 1);

  it("request: valid values validate, build an envelope, and read back equal", async () => {
    const xml = await generatedModule(service.name, "xml");
    const server = await generatedModule(service.name, "server");
    const validators = await generatedModule(service.name, "validators");
    const build = fn<(r: unknown, ns: string) => string>(xml, `build${op.name}Envelope`);
    const read = fn<(x: string) => unknown>(server, `read${op.name}Envelope`);
    const validate = fn<(v: unknown) => { ok: boolean; issues?: unknown }>(
      validators,
      `validate${op.requestType}`,
    );
    for (const value of [
      valueOf(service, op.requestType, { mode: "full", xml: true }),
      ...seeds.map((s) =>
        valueOf(service, op.requestType, { mode: "random", random: rng(s), xml: true }),
      ),
    ]) {
      const checked = validate(value);
      expect(checked.issues, JSON.stringify(value)).toBeUndefined();
      expect(checked.ok).toBe(true);
      const envelope = build(value, NS);
      expect(envelope.startsWith('<?xml version="1.0" encoding="utf-8"?><soap:Envelope')).toBe(
        true,
      );
      expect(envelope).toContain(`<${op.name} xmlns="${NS}">`);
      expect(read(envelope)).toEqual(value);
    }
  });

  it("result: a response envelope parses back to the same typed result", async () => {
    const xml = await generatedModule(service.name, "xml");
    const server = await generatedModule(service.name, "server");
    const build = fn<(r: unknown, ns: string) => string>(server, `build${op.name}ResponseEnvelope`);
    const parse = fn<(x: string) => unknown>(xml, `parse${op.name}Response`);
    for (const value of [
      valueOf(service, op.resultType, { mode: "full", xml: true }),
      ...seeds.map((s) =>
        valueOf(service, op.resultType, { mode: "random", random: rng(s * 7), xml: true }),
      ),
    ]) {
      const envelope = build(value, NS);
      expect(envelope).toContain(`<${op.responseElement} xmlns="${NS}"><${op.resultElement}>`);
      expect(parse(envelope)).toEqual(value);
    }
  });
});

describe("SOAP wire details of subscriptions", () => {
  it("writes merchantAuthentication and clientId first, whatever the object's key order", () => {
    const build = fn<(r: unknown, ns: string) => string>(
      subscriptionsXml,
      "buildARBCancelSubscriptionEnvelope",
    );
    const envelope = build(
      {
        subscriptionId: "9223372036854775807",
        clientId: "c1",
        merchantAuthentication: { transactionKey: "k", name: "n" },
      },
      NS,
    );
    expect(envelope).toContain(
      `<ARBCancelSubscription xmlns="${NS}"><merchantAuthentication><name>n</name><transactionKey>k</transactionKey></merchantAuthentication><clientId>c1</clientId><subscriptionId>9223372036854775807</subscriptionId></ARBCancelSubscription>`,
    );
  });

  it("escapes text and keeps decimals and longs exactly as given", () => {
    const build = fn<(r: unknown, ns: string) => string>(
      subscriptionsXml,
      "buildARBCreateSubscriptionEnvelope",
    );
    const envelope = build(
      { subscription: { name: `<x>&"'`, amount: "12345678901234567890.10", trialAmount: "0.1" } },
      NS,
    );
    expect(envelope).toContain(
      "<name>&lt;x&gt;&amp;&quot;&apos;</name><amount>12345678901234567890.10</amount><trialAmount>0.1</trialAmount>",
    );
  });

  it("reads lists as arrays whether they hold zero, one or many entries", () => {
    const parse = fn<
      (x: string) => { subscriptionDetails?: unknown[]; totalNumInResultSet?: number }
    >(subscriptionsXml, "parseARBGetSubscriptionListResponse");
    const envelope = (details: string) =>
      `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ARBGetSubscriptionListResponse xmlns="${NS}"><ARBGetSubscriptionListResult><resultCode>Ok</resultCode><totalNumInResultSet>3</totalNumInResultSet><subscriptionDetails>${details}</subscriptionDetails><unknownElement>ignored</unknownElement></ARBGetSubscriptionListResult></ARBGetSubscriptionListResponse></soap:Body></soap:Envelope>`;
    const detail = (id: number) =>
      `<subscriptionDetail><id>${id}</id><status>active</status><createTimeStampUTC>2030-01-15T10:00:00Z</createTimeStampUTC><totalOccurrences>12</totalOccurrences>` +
      `<pastOccurrences>3</pastOccurrences><paymentMethod>creditCard</paymentMethod><amount>1.10</amount><customerProfileId>7</customerProfileId>` +
      `<customerPaymentProfileId>8</customerPaymentProfileId><customerShippingProfileId>9</customerShippingProfileId></subscriptionDetail>`;
    const read = (id: number) => ({
      id,
      status: "active",
      createTimeStampUTC: "2030-01-15T10:00:00Z",
      totalOccurrences: 12,
      pastOccurrences: 3,
      paymentMethod: "creditCard",
      amount: "1.10",
      customerProfileId: 7,
      customerPaymentProfileId: 8,
      customerShippingProfileId: 9,
    });
    expect(parse(envelope("")).subscriptionDetails).toEqual([]);
    expect(parse(envelope(detail(1))).subscriptionDetails).toEqual([read(1)]);
    expect(parse(envelope(detail(1) + detail(2))).subscriptionDetails).toEqual([read(1), read(2)]);
    expect(parse(envelope("")).totalNumInResultSet).toBe(3);
  });
});
