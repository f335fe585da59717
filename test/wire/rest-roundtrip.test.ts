import { describe, expect, it } from "vitest";
import type { RestOperation } from "../../generator/model/ir.js";
import { fn, generatedModule, projectModel } from "../helpers/generated.js";
import { rng, valueOf } from "../helpers/model-values.js";

const model = await projectModel();
const rest = model.services.filter((s) => s.protocol === "rest");

/** Each body with the side that writes it: a client writes requests (json.ts) and a server responses (server.ts). */
const cases = rest.flatMap((service) => {
  const requests = new Set(
    service.operations.flatMap((o) =>
      o.protocol === "rest" && o.requestType ? [o.requestType] : [],
    ),
  );
  const responses = new Set(
    service.operations.flatMap((o) =>
      o.protocol === "rest" && o.responseType ? [o.responseType] : [],
    ),
  );
  return [
    ...[...requests].map((body) => [service.name, body, "request"] as const),
    ...[...responses].map((body) => [service.name, body, "response"] as const),
  ].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
});

describe.each(cases)("%s body %s (%s)", (serviceName, body, side) => {
  it("serializes and parses back equal, for full and random values", async () => {
    const service = rest.find((s) => s.name === serviceName)!;
    const client = await generatedModule(serviceName, "json");
    const server = await generatedModule(serviceName, "server");
    const serialize = fn<(v: unknown) => string>(
      side === "request" ? client : server,
      `serialize${body}`,
    );
    const parse = fn<(t: string) => unknown>(side === "request" ? server : client, `parse${body}`);
    const values = [
      valueOf(service, body, { mode: "full" }),
      ...Array.from({ length: 20 }, (_, i) =>
        valueOf(service, body, { mode: "random", random: rng(i + 1) }),
      ),
    ];
    for (const value of values) {
      const text = serialize(value);
      expect(() => JSON.parse(text)).not.toThrow();
      expect(parse(text)).toEqual(value);
    }
  });
});

describe("REST wire details", () => {
  const ops = rest.flatMap((s) =>
    s.operations
      .filter((o): o is RestOperation => o.protocol === "rest")
      .map((o) => [s.name, o] as const),
  );
  it("every REST operation has a serializer for its request and a parser for its response", async () => {
    for (const [serviceName, op] of ops) {
      const json = await generatedModule(serviceName, "json");
      if (op.requestType)
        expect(typeof json[`serialize${op.requestType}`], `${op.name} request`).toBe("function");
      if (op.responseType)
        expect(typeof json[`parse${op.responseType}`], `${op.name} response`).toBe("function");
    }
    expect(ops.length).toBeGreaterThanOrEqual(14);
  });

  it("writes amounts as strings and never loses the digits of big numbers in responses", async () => {
    const json = await generatedModule("payments", "json");
    const serialize = fn<(v: unknown) => string>(json, "serializePaymentRequest");
    expect(
      serialize({
        orderInformation: { amountDetails: { totalAmount: "102.21", currency: "USD" } },
      }),
    ).toBe('{"orderInformation":{"amountDetails":{"totalAmount":"102.21","currency":"USD"}}}');
    const parse = fn<
      (t: string) => {
        id?: string;
        orderInformation?: { amountDetails?: { authorizedAmount?: string } };
      }
    >(json, "parsePaymentResponse");
    const parsed = parse(
      '{"id":"6461731521426399003473","orderInformation":{"amountDetails":{"authorizedAmount":102.10}}}',
    );
    expect(parsed.id).toBe("6461731521426399003473");
    // A decimal keeps its scale as written: never through a JS number.
    expect(parsed.orderInformation?.amountDetails?.authorizedAmount).toBe("102.10");
  });

  it("documented example shapes parse: the sample webhook subscription", async () => {
    const json = await generatedModule("search", "json");
    const serialize = fn<(v: unknown) => string>(json, "serializeWebhookSubscriptionRequest");
    const sample = {
      name: "Token management events",
      description: "Network token notifications",
      organizationId: "example_org",
      productId: "tokenManagement",
      eventTypes: ["tms.networktoken.provisioned"],
      webhookUrl: "https://example.test/webhook",
      healthCheckUrl: "https://example.test/health",
      notificationScope: "SELF",
      retryPolicy: {
        algorithm: "ARITHMETIC",
        firstRetry: 1,
        interval: 1,
        numberOfRetries: 3,
        deactivateFlag: "false",
        repeatSequenceCount: 0,
        repeatSequenceWaitTime: 0,
      },
      securityPolicy: { securityType: "KEY", proxyType: "external" },
    };
    const validators = await generatedModule("search", "validators");
    expect(
      fn<(v: unknown) => { ok: boolean }>(validators, "validateWebhookSubscriptionRequest")(sample)
        .ok,
    ).toBe(true);
    expect(JSON.parse(serialize(sample))).toEqual(sample);
  });
});
