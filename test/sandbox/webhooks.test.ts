/**
 * Webhook subscriptions and instrument identifiers against the sandbox
 * through the generated search client, with a real receiver on 127.0.0.1:
 * the health check, the provisioned notification retried per the ARITHMETIC
 * policy while the receiver fails, deactivation, matching, and the one
 * identifier per card number rule.
 */
import { unknownData } from "../../generated/runtime/read-options.js";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpStatusError, type WebhookSubscriptionRequest } from "../../generated/search/index.js";
import { retryDelays } from "../../sandbox/webhooks.js";
import { closedPort } from "../helpers/http-server.js";
import { AMEX, MASTERCARD, startHarness, VISA, waitFor, type Harness } from "./harness.js";

const UNIT_MS = 40;

interface Received {
  readonly method: string;
  readonly path: string;
  readonly body: string;
}

/** A receiver: GET /health answers 200, /health-down 503; POST /flaky fails twice then recovers, /down always fails, others answer 200. */
class Receiver {
  readonly received: Received[] = [];
  private flakyFailures = 0;
  private server: Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const path = (request.url ?? "/").split("?")[0] ?? "/";
        this.received.push({
          method: request.method ?? "",
          path,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        let status = 200;
        if (path === "/health-down" || path === "/down") status = 503;
        if (path === "/flaky" && this.flakyFailures < 2) {
          this.flakyFailures++;
          status = 500;
        }
        response.writeHead(status, { "content-type": "text/plain" });
        response.end(status === 200 ? "ok" : "failing");
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  posts(path: string): Received[] {
    return this.received.filter((r) => r.method === "POST" && r.path === path);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.close(() => resolve());
      this.server?.closeAllConnections();
    });
  }
}

let receiver: Receiver;
let h: Harness;

beforeAll(async () => {
  receiver = new Receiver();
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
});
afterEach(async () => {
  await h.close();
});

async function sandbox(): Promise<Harness> {
  h = await startHarness({ webhookTimeUnitMs: UNIT_MS, webhookTimeoutMs: 2_000 });
  return h;
}

function subscription(
  path: string,
  policy: WebhookSubscriptionRequest["retryPolicy"] = {},
  extra: Partial<WebhookSubscriptionRequest> = {},
): WebhookSubscriptionRequest {
  return {
    name: `hook ${path}`,
    description: "test subscription",
    productId: "tokenManagement",
    eventTypes: ["tms.networktoken.provisioned"],
    webhookUrl: `${receiver.url}${path}`,
    healthCheckUrl: `${receiver.url}/health?for=${encodeURIComponent(path)}`,
    notificationScope: "SELF",
    retryPolicy: {
      algorithm: "ARITHMETIC",
      firstRetry: 1,
      interval: 1,
      numberOfRetries: 3,
      repeatSequenceCount: 0,
      repeatSequenceWaitTime: 0,
      deactivateFlag: "false",
      ...policy,
    },
    securityPolicy: { securityType: "KEY", proxyType: "external" },
    ...extra,
  };
}

function identifier(number: string) {
  return {
    type: "enrollable card",
    card: { number, expirationMonth: "12", expirationYear: "2031" },
  };
}

async function statusOf(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpStatusError) return { status: error.status, body: error.body };
    throw error;
  }
  return { status: 200, body: undefined };
}

describe("webhook subscriptions", () => {
  it("calls the healthCheckUrl when a subscription is created", async () => {
    await sandbox();
    const before = receiver.received.length;
    const created = await h.search.createWebhookSubscription(subscription("/ok"));
    expect(unknownData(created)?.fields["status"]).toBe("ACTIVE");
    expect(unknownData(created)?.fields["webhookId"]).toMatch(/^wh-/);
    expect(unknownData(created)?.fields["retryPolicy"]).toMatchObject({
      algorithm: "ARITHMETIC",
      numberOfRetries: 3,
      deactivateFlag: "false",
    });
    const health = receiver.received.slice(before).filter((r) => r.path === "/health");
    expect(health).toHaveLength(1);
    expect(health[0]?.method).toBe("GET");
  });

  it("refuses a subscription whose health check fails or cannot be reached", async () => {
    await sandbox();
    const down = await statusOf(
      h.search.createWebhookSubscription(
        subscription("/ok", {}, { healthCheckUrl: `${receiver.url}/health-down` }),
      ),
    );
    expect(down.status).toBe(400);
    expect(JSON.stringify(down.body)).toContain("HEALTH_CHECK_FAILED");
    const port = await closedPort();
    const unreachable = await statusOf(
      h.search.createWebhookSubscription(
        subscription("/ok", {}, { healthCheckUrl: `http://127.0.0.1:${port}/health` }),
      ),
    );
    expect(unreachable.status).toBe(400);
    const missing = await statusOf(h.search.createWebhookSubscription({ name: "no url" }));
    expect(missing.status).toBe(400);
  });
});

describe("tms.networktoken.provisioned notifications", () => {
  it("retries per the ARITHMETIC policy while the receiver fails twice, then stops", async () => {
    await sandbox();
    const hook = await h.search.createWebhookSubscription(
      subscription("/flaky", { firstRetry: 1, interval: 2, numberOfRetries: 3 }),
    );
    // The waits the sandbox asks for between deliveries: positive multiples
    // of the unit, below the 2 s delivery timeout (which is a timer too).
    const timers = vi.spyOn(globalThis, "setTimeout");
    let waits: unknown[];
    let created: Awaited<ReturnType<typeof h.search.createInstrumentIdentifier>>;
    try {
      created = await h.search.createInstrumentIdentifier(identifier(VISA));
      await waitFor(() => receiver.posts("/flaky").length >= 3, 5_000, "three deliveries");
      waits = timers.mock.calls
        .map((call) => call[1])
        .filter((ms) => typeof ms === "number" && ms > 0 && ms < 2_000 && ms % UNIT_MS === 0);
    } finally {
      timers.mockRestore();
    }
    await new Promise((resolve) => setTimeout(resolve, UNIT_MS * 4));
    expect(unknownData(created)?.fields["id"]).toMatch(/^[0-9]{19}$/);
    expect(unknownData(created)?.fields["card"]).toMatchObject({ number: "411111XXXXXX1111" });
    // Retry 1 waits firstRetry (1 unit), retry 2 waits interval (2 units); the third delivery succeeds.
    expect(waits).toEqual([UNIT_MS * 1, UNIT_MS * 2]);
    const posts = receiver.posts("/flaky");
    expect(posts).toHaveLength(3);
    const bodies = posts.map((p) => JSON.parse(p.body) as Record<string, unknown>);
    expect(bodies.map((b) => b["retryNumber"])).toEqual([0, 1, 2]);
    expect(new Set(bodies.map((b) => b["notificationId"])).size).toBe(1);
    expect(bodies[0]).toMatchObject({
      eventType: "tms.networktoken.provisioned",
      productId: "tokenManagement",
      webhookId: unknownData(hook)?.fields["webhookId"],
      organizationId: h.sandbox.merchant,
      payload: {
        data: { id: unknownData(created)?.fields["id"], card: { number: "411111XXXXXX1111" } },
      },
    });
    expect(posts.some((p) => p.body.includes(VISA))).toBe(false);
  });

  it("allows one instrument identifier per card number until it is deleted", async () => {
    await sandbox();
    await h.search.createWebhookSubscription(subscription("/ok"));
    const before = receiver.posts("/ok").length;
    const first = await h.search.createInstrumentIdentifier(identifier(MASTERCARD));
    const again = await statusOf(h.search.createInstrumentIdentifier(identifier(MASTERCARD)));
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain("INSTRUMENT_IDENTIFIER_EXISTS");
    const url = `${h.sandbox.url}/tms/v1/instrumentidentifiers/${String(unknownData(first)?.fields["id"])}`;
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { method: "DELETE" })).status).toBe(404);
    const second = await h.search.createInstrumentIdentifier(identifier(MASTERCARD));
    expect(unknownData(second)?.fields["id"]).not.toBe(unknownData(first)?.fields["id"]);
    await waitFor(() => receiver.posts("/ok").length >= before + 2, 5_000, "two notifications");
    const invalid = await statusOf(h.search.createInstrumentIdentifier(identifier("1234")));
    expect(invalid.status).toBe(400);
  });

  it("deactivates a subscription whose retries are exhausted when deactivateFlag is true", async () => {
    await sandbox();
    await h.search.createWebhookSubscription(
      subscription("/down", { numberOfRetries: 1, deactivateFlag: "true" }),
    );
    await h.search.createWebhookSubscription(
      subscription(
        "/down-kept",
        { numberOfRetries: 0, deactivateFlag: "false" },
        { webhookUrl: `${receiver.url}/down` },
      ),
    );
    const start = receiver.posts("/down").length;
    await h.search.createInstrumentIdentifier(identifier(VISA));
    // The first subscription: first attempt and one retry; the second: one attempt.
    await waitFor(
      () => receiver.posts("/down").length >= start + 3,
      5_000,
      "three failed deliveries",
    );
    await new Promise((resolve) => setTimeout(resolve, UNIT_MS * 3));
    expect(receiver.posts("/down").length).toBe(start + 3);
    await h.search.createInstrumentIdentifier(identifier(AMEX));
    await waitFor(
      () => receiver.posts("/down").length >= start + 4,
      5_000,
      "a delivery to the kept subscription",
    );
    await new Promise((resolve) => setTimeout(resolve, UNIT_MS * 4));
    // Only the subscription with deactivateFlag false is still notified.
    expect(receiver.posts("/down").length).toBe(start + 4);
  });

  it("notifies only subscriptions of the sandbox's organization for the event", async () => {
    await sandbox();
    await h.search.createWebhookSubscription(
      subscription("/other-org", {}, { organizationId: "another-org" }),
    );
    await h.search.createWebhookSubscription(subscription("/mine"));
    await h.search.createInstrumentIdentifier(identifier(AMEX));
    await waitFor(() => receiver.posts("/mine").length >= 1, 5_000, "a delivery");
    await new Promise((resolve) => setTimeout(resolve, UNIT_MS * 2));
    expect(receiver.posts("/other-org")).toHaveLength(0);
  });
});

describe("retry schedule", () => {
  it("waits firstRetry, then interval, and repeats the sequence after repeatSequenceWaitTime", () => {
    const delays = retryDelays(
      {
        algorithm: "ARITHMETIC",
        firstRetry: 1,
        interval: 3,
        numberOfRetries: 2,
        repeatSequenceCount: 1,
        repeatSequenceWaitTime: 10,
        deactivateFlag: "false",
      },
      1_000,
    );
    expect(delays).toEqual([1_000, 3_000, 10_000, 1_000, 3_000]);
  });
});
