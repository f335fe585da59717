/**
 * Behaviour of the generated search REST client against real HTTP servers:
 * which base URL each operation uses, the documented meanings of statuses,
 * Retry-After on 429, the five-tries rule for a transaction not found yet,
 * and redaction of the instrument identifier's card number.
 */
import { describe, expect, it, vi } from "vitest";
import {
  HttpStatusError,
  ParseError,
  TransportError,
  createSearchClient,
  type SearchClientOptions,
  type SearchRequest,
} from "../../generated/search/index.js";
import type { RedactedRequestView, RequestHook } from "../../generated/runtime/http/hooks.js";
import type { RetryInfo } from "../../generated/runtime/http/retry.js";
import { recorder, settleIo, withFakeTimers } from "../helpers/fake-time.js";
import { withKept } from "../helpers/kept-data.js";
import {
  useRecordingServers,
  rejectsWith,
  respond,
  startRecordingServer,
  type RecordingServer,
  type Script,
} from "../helpers/http-server.js";

const CARD = "4622943127013705";
const TX = "6899916537706036604951";
const NOT_FOUND_MEANING = "Resource not found; retry 5 minutes later, at most five tries.";

const search: SearchRequest = {
  query:
    "clientReferenceInformation.code:ORDER-1 AND submitTimeUtc:[NOW/DAY-7DAYS TO NOW/DAY+1DAY}",
  sort: "submitTimeUtc:desc",
  save: "false",
  name: "last week",
  offset: 0,
  limit: 100,
};

const searchResult = {
  searchId: "9f3c1a2b-0000-4000-8000-000000000001",
  count: 1,
  totalCount: 1,
  _embedded: { transactionSummaries: [{ id: TX, submitTimeUtc: "2030-06-10T14:22:33Z" }] },
};

const details = {
  id: TX,
  applicationInformation: {
    applications: [{ name: "ics_auth", reasonCode: "100", rCode: "1", rFlag: "SOK" }],
  },
  orderInformation: { amountDetails: { totalAmount: "102.21" } },
};

useRecordingServers();

function serve(script: Script): Promise<RecordingServer> {
  return startRecordingServer(script);
}

/** One server for the search host and one for the token and webhook host. */
async function hosts(
  searchScript: Script,
  testScript: Script = [],
): Promise<{ searchHost: RecordingServer; testHost: RecordingServer }> {
  return { searchHost: await serve(searchScript), testHost: await serve(testScript) };
}

function client(
  h: { searchHost: RecordingServer; testHost: RecordingServer },
  extra: Partial<SearchClientOptions> = {},
) {
  return createSearchClient({
    searchUrl: h.searchHost.origin,
    testBaseUrl: h.testHost.origin,
    retry: { baseDelayMs: 10, maxDelayMs: 2_000, jitter: () => 0.5 },
    ...extra,
  });
}

/**
 * When the client sent each attempt (a request hook runs just before each is
 * sent), and the time between consecutive attempts, on the fake clock of
 * `withFakeTimers(..., { date: true })`.
 */
function attemptClock(): { onRequest: RequestHook[]; gaps: () => number[] } {
  const sentAt: number[] = [];
  return {
    onRequest: [() => void sentAt.push(Date.now())],
    gaps: () => sentAt.slice(1).map((t, i) => t - sentAt[i]!),
  };
}

describe("search client: routing and bodies", () => {
  it("createSearch posts to the search host and returns the body as parsed, big numbers kept exact", async () => {
    const raw = `{"searchId":"s-9","count":1,"_embedded":{"transactionSummaries":[{"id":"${TX}","amount":12345678901234567890,"fee":0.25}]}}`;
    const h = await hosts([respond.raw(201, raw, "application/json")]);
    const result = await client(h).createSearch(search);
    expect(result).toEqual({
      searchId: "s-9",
      count: 1,
      _embedded: { transactionSummaries: [{ id: TX, amount: "12345678901234567890", fee: 0.25 }] },
    });
    expect(h.searchHost.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /tss/v2/searches",
    ]);
    expect(JSON.parse(h.searchHost.requests[0]!.body)).toEqual(search);
    expect(h.searchHost.requests[0]!.body).toContain('"offset":0,"limit":100');
    expect(h.testHost.requests).toHaveLength(0);
  });

  it("getSearch and getTransaction read from the search host; webhooks and instrument identifiers go to the test host", async () => {
    const h = await hosts(
      [respond.json(200, { searchId: "s-1" }), respond.json(200, details)],
      [
        respond.json(201, { webhookId: "w-1", status: "ACTIVE" }),
        respond.json(201, { id: "7010000000016241111", state: "ACTIVE" }),
      ],
    );
    const c = client(h);
    expect(await c.getSearch("s-1")).toEqual({ searchId: "s-1" });
    const tx = await c.getTransaction(TX);
    // The documents show only applications: the rest is kept beside the typed value.
    expect(withKept(tx)).toEqual(details);
    expect(tx.applicationInformation?.applications?.[0]?.name).toBe("ics_auth");
    const hook = await c.createWebhookSubscription({
      name: "tokens",
      eventTypes: ["tms.networktoken.provisioned"],
    });
    expect(withKept(hook)).toEqual({ webhookId: "w-1", status: "ACTIVE" });
    const instrument = await c.createInstrumentIdentifier({
      type: "enrollable card",
      card: { number: CARD },
    });
    expect(withKept(instrument)).toEqual({ id: "7010000000016241111", state: "ACTIVE" });
    expect(h.searchHost.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /tss/v2/searches/s-1",
      `GET /tss/v2/transactions/${TX}`,
    ]);
    expect(h.testHost.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /notification-subscriptions/v2/webhooks",
      "POST /tms/v1/instrumentidentifiers",
    ]);
    expect(JSON.parse(h.testHost.requests[0]!.body)).toEqual({
      name: "tokens",
      eventTypes: ["tms.networktoken.provisioned"],
    });
  });

  it("a non-JSON 200 body is a ParseError", async () => {
    const h = await hosts([respond.raw(200, "searchId=s-1", "text/plain")]);
    const error = await rejectsWith(client(h).getSearch("s-1"), ParseError);
    expect(error.format).toBe("json");
    expect(error.failure).toBe("not-json");
    expect(h.searchHost.requests).toHaveLength(1);
  });

  it("the instrument identifier's card number is redacted for hooks and sent whole", async () => {
    const h = await hosts([], [respond.json(201, { id: "7010000000016241111" })]);
    const seen: RedactedRequestView[] = [];
    await client(h, { onRequest: [(view) => void seen.push(view)] }).createInstrumentIdentifier({
      type: "enrollable card",
      card: { number: CARD, expirationMonth: "12", expirationYear: "2031" },
    });
    expect(JSON.parse(h.testHost.requests[0]!.body)).toEqual({
      type: "enrollable card",
      card: { number: CARD, expirationMonth: "12", expirationYear: "2031" },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).not.toContain(CARD);
    expect(JSON.parse(seen[0]!.body)).toEqual({
      type: "enrollable card",
      card: { number: "\u20263705", expirationMonth: "12", expirationYear: "2031" },
    });
  });
});

describe("search client: statuses", () => {
  it("getSearch answered 404 is an HttpStatusError with the documented meaning, not retried", async () => {
    const h = await hosts([
      respond.json(404, { message: "no such search" }),
      respond.json(200, {}),
    ]);
    const error = await rejectsWith(client(h).getSearch("missing"), HttpStatusError);
    expect(error.status).toBe(404);
    expect(error.meaning).toBe("Resource not found.");
    expect(error.message).toBe("HTTP 404: Resource not found.");
    expect(error.body).toEqual({ message: "no such search" });
    expect(h.searchHost.requests).toHaveLength(1);
  });

  it("getSearch answered 500 is retried, then an HttpStatusError with the documented meaning", async () => {
    const h = await hosts([
      respond.json(500, {}),
      respond.json(500, {}),
      respond.json(500, { last: true }),
    ]);
    const error = await rejectsWith(
      client(h, { retry: { maxAttempts: 3, baseDelayMs: 10, jitter: () => 0.5 } }).getSearch("s-1"),
      HttpStatusError,
    );
    expect(error.status).toBe(500);
    expect(error.meaning).toBe("Unexpected server error.");
    expect(error.body).toEqual({ last: true });
    expect(h.searchHost.requests).toHaveLength(3);
  });

  it("a status the operation does not document has no meaning", async () => {
    const h = await hosts([respond.json(403, { reason: "forbidden" })]);
    const error = await rejectsWith(client(h).getTransaction(TX), HttpStatusError);
    expect(error.status).toBe(403);
    expect(error.meaning).toBeUndefined();
    expect(h.searchHost.requests).toHaveLength(1);
  });

  it("createWebhookSubscription answered 500 is not retried: it is not idempotent", async () => {
    const h = await hosts([], [respond.json(500, {}), respond.json(201, {})]);
    const error = await rejectsWith(
      client(h).createWebhookSubscription({ name: "tokens" }),
      HttpStatusError,
    );
    expect(error.status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.testHost.requests).toHaveLength(1);
  });
});

describe("search client: rate limiting", () => {
  it("createSearch answered 429 with Retry-After: 1 is retried after one second, then succeeds (fake timers)", () =>
    withFakeTimers(
      async () => {
        const h = await hosts([
          respond.json(429, { message: "slow down" }, { "retry-after": "1" }),
          respond.json(201, searchResult),
        ]);
        const retries = recorder<RetryInfo>();
        const clock = attemptClock();
        const pending = client(h, {
          onRequest: clock.onRequest,
          onRetry: retries.push,
        }).createSearch(search);
        await Promise.race([retries.reached(1), pending.catch(() => undefined)]);
        vi.advanceTimersByTime(999);
        await settleIo();
        expect(h.searchHost.requests).toHaveLength(1);
        vi.advanceTimersByTime(1);
        const result = await pending;
        expect(result).toEqual(searchResult);
        expect(h.searchHost.requests).toHaveLength(2);
        expect(h.searchHost.requests[1]!.body).toBe(h.searchHost.requests[0]!.body);
        expect(retries.values.map((r) => [r.attempt, r.reason, r.delayMs])).toEqual([
          [1, "rate-limited", 1_000],
        ]);
        const error = retries.values[0]!.error;
        expect(error).toBeInstanceOf(HttpStatusError);
        expect(error instanceof HttpStatusError && error.meaning).toBe(
          "Rate limited; honor a Retry-After value if present.",
        );
        expect(clock.gaps()).toEqual([1_000]);
      },
      { date: true },
    ));

  it("a 429 without Retry-After is retried after the jittered backoff", async () => {
    const h = await hosts([
      respond.json(429, {}),
      respond.json(429, {}),
      respond.json(201, searchResult),
    ]);
    const retries: RetryInfo[] = [];
    await client(h, {
      retry: { baseDelayMs: 20, jitter: () => 1 },
      onRetry: (info) => retries.push(info),
    }).createSearch(search);
    expect(retries.map((r) => [r.reason, r.delayMs])).toEqual([
      ["rate-limited", 20],
      ["rate-limited", 40],
    ]);
    expect(h.searchHost.requests).toHaveLength(3);
  });

  it("a Retry-After longer than maxDelayMs is not waited for: the 429 goes to the caller with retryAfterMs", async () => {
    const h = await hosts([
      respond.json(429, {}, { "retry-after": "120" }),
      respond.json(201, searchResult),
    ]);
    const error = await rejectsWith(
      client(h, { retry: { maxDelayMs: 1_000 } }).createSearch(search),
      HttpStatusError,
    );
    expect(error.status).toBe(429);
    expect(error.meaning).toBe("Rate limited; honor a Retry-After value if present.");
    expect(error.retryAfterMs).toBe(120_000);
    expect(h.searchHost.requests).toHaveLength(1);
  });

  it("a timed-out search is not repeated at once: the retry waits the whole backoff ceiling (fake timers)", () =>
    withFakeTimers(
      async () => {
        const h = await hosts([respond.hang(), respond.json(201, searchResult)]);
        const retries = recorder<RetryInfo>();
        const clock = attemptClock();
        const pending = client(h, {
          timeoutMs: 80,
          retry: { baseDelayMs: 60, jitter: () => 0 },
          onRequest: clock.onRequest,
          onRetry: retries.push,
        }).createSearch(search);
        await h.searchHost.waitForRequests(1);
        vi.advanceTimersByTime(80); // the first attempt times out
        await Promise.race([retries.reached(1), pending.catch(() => undefined)]);
        vi.advanceTimersByTime(59);
        await settleIo();
        expect(h.searchHost.requests).toHaveLength(1);
        vi.advanceTimersByTime(1);
        expect(await pending).toEqual(searchResult);
        expect(retries.values.map((r) => [r.reason, r.delayMs])).toEqual([["timeout", 60]]);
        expect(clock.gaps()).toEqual([80 + 60]);
      },
      { date: true },
    ));
});

describe("search client: a transaction not found yet", () => {
  it("getTransaction answered 404 is tried 5 times in all, notFoundRetry.delayMs apart, then rejects with the 404 (fake timers)", () =>
    withFakeTimers(
      async () => {
        const h = await hosts(
          Array.from({ length: 6 }, () => respond.json(404, { message: "not yet" })),
        );
        const retries = recorder<RetryInfo>();
        const clock = attemptClock();
        const pending = client(h, {
          retry: { notFoundRetry: { delayMs: 20 } },
          onRequest: clock.onRequest,
          onRetry: retries.push,
        }).getTransaction(TX);
        const outcome = pending.catch((error: unknown) => error);
        for (let n = 1; n <= 4; n++) {
          await Promise.race([retries.reached(n), outcome]);
          vi.advanceTimersByTime(19);
          await settleIo();
          expect(h.searchHost.requests).toHaveLength(n);
          vi.advanceTimersByTime(1);
          await h.searchHost.waitForRequests(n + 1);
        }
        const error = await rejectsWith(pending, HttpStatusError);
        expect(error.status).toBe(404);
        expect(error.meaning).toBe(NOT_FOUND_MEANING);
        expect(error.body).toEqual({ message: "not yet" });
        expect(h.searchHost.requests).toHaveLength(5);
        expect(
          h.searchHost.requests.every(
            (r) => r.method === "GET" && r.path === `/tss/v2/transactions/${TX}`,
          ),
        ).toBe(true);
        expect(retries.values.map((r) => [r.attempt, r.reason, r.delayMs])).toEqual(
          [1, 2, 3, 4].map((n) => [n, "not-found", 20]),
        );
        expect(clock.gaps()).toEqual([20, 20, 20, 20]);
      },
      { date: true },
    ));

  it("the five tries hold even when maxAttempts is smaller", async () => {
    const h = await hosts(Array.from({ length: 6 }, () => respond.json(404, {})));
    await rejectsWith(
      client(h, { retry: { maxAttempts: 2, notFoundRetry: { delayMs: 5 } } }).getTransaction(TX),
      HttpStatusError,
    );
    expect(h.searchHost.requests).toHaveLength(5);
  });

  it("a transaction found on a later try resolves", async () => {
    const h = await hosts([
      respond.json(404, {}),
      respond.json(404, {}),
      respond.json(200, details),
    ]);
    const result = await client(h, { retry: { notFoundRetry: { delayMs: 10 } } }).getTransaction(
      TX,
    );
    expect(withKept(result)).toEqual(details);
    expect(h.searchHost.requests).toHaveLength(3);
  });

  it("by default the next try is 5 minutes later (checked through onRetry, then aborted)", async () => {
    const h = await hosts([respond.json(404, {}), respond.json(200, details)]);
    const controller = new AbortController();
    const retries: RetryInfo[] = [];
    const c = createSearchClient({
      searchUrl: h.searchHost.origin,
      testBaseUrl: h.testHost.origin,
      onRetry: (info) => {
        retries.push(info);
        controller.abort();
      },
    });
    const error = await rejectsWith(
      c.getTransaction(TX, { signal: controller.signal }),
      TransportError,
    );
    expect(error.failure).toBe("abort");
    expect(retries.map((r) => [r.reason, r.delayMs])).toEqual([["not-found", 300_000]]);
    expect(h.searchHost.requests).toHaveLength(1);
  });

  it("getSearch does not retry a 404: only the transaction details call has that rule", async () => {
    const h = await hosts([respond.json(404, {}), respond.json(200, {})]);
    await rejectsWith(
      client(h, { retry: { notFoundRetry: { delayMs: 5 } } }).getSearch("s-1"),
      HttpStatusError,
    );
    expect(h.searchHost.requests).toHaveLength(1);
  });
});
