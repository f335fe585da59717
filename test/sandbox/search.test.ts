/**
 * Transaction search, saved searches and details against the sandbox through
 * the generated search client: the whole query language (values, groups,
 * wildcards, AND/OR, ranges with date math in the request's time zone, epoch
 * bounds, the seven-day default), sort, offset and limit, the applications of
 * every kind of transaction, 404s and the rate limit.
 */
import { unknownData } from "../../generated/runtime/read-options.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PaymentResponse } from "../../generated/payments/index.js";
import type { RetryInfo } from "../../generated/runtime/http/retry.js";
import type { OpaqueBody } from "../../generated/runtime/opaque.js";
import {
  createSearchClient,
  HttpStatusError,
  ValidationError,
  type SearchRequest,
} from "../../generated/search/index.js";
import {
  cardPayment,
  MASTERCARD,
  NO_RETRY,
  startHarness,
  TestClock,
  VISA,
  wallet012,
  type Harness,
} from "./harness.js";

// 03:30 UTC on the day New York moves to summer time: still March 9 there.
const NOW = Date.UTC(2024, 2, 10, 3, 30, 0);
const clock = new TestClock(NOW);
let h: Harness;

interface Summary {
  readonly id: string;
  readonly status: string;
  readonly clientReferenceInformation?: { readonly code?: string };
  readonly orderInformation: { readonly amountDetails: { readonly totalAmount: string } };
}

function summaries(result: OpaqueBody): Summary[] {
  const embedded = result["_embedded"] as unknown as { transactionSummaries: Summary[] };
  return embedded.transactionSummaries;
}

let old: PaymentResponse;
let a: PaymentResponse;
let b: PaymentResponse;
let c: PaymentResponse;
let cCaptureId = "";

async function at<T>(ms: number, action: () => Promise<T>): Promise<T> {
  clock.ms = ms;
  try {
    return await action();
  } finally {
    clock.ms = NOW;
  }
}

beforeAll(async () => {
  h = await startHarness({ now: clock.now });
  old = await at(NOW - 10 * 86_400_000, () => h.payments.authorize(wallet012("11.00", "srch-old")));
  a = await at(Date.UTC(2024, 2, 9, 23, 0, 0), () =>
    h.payments.sale(cardPayment("20.00", VISA, "srch-a")),
  );
  b = await at(Date.UTC(2024, 2, 10, 1, 0, 0), () =>
    h.payments.authorize({
      ...cardPayment("35.50", MASTERCARD, "srch-b"),
      paymentInformation: {
        card: { number: MASTERCARD, expirationMonth: "01", expirationYear: "2030", type: "002" },
      },
      orderInformation: {
        amountDetails: { totalAmount: "35.50", currency: "USD" },
        billTo: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
      },
    }),
  );
  c = await at(Date.UTC(2024, 2, 10, 3, 0, 0), async () => {
    const auth = await h.payments.authorize(wallet012("99.99", "other-c"));
    cCaptureId = (await auth.capture()).id ?? "";
    return auth;
  });
});
afterAll(async () => {
  await h.close();
});

async function ids(query: string, extra: Partial<SearchRequest> = {}): Promise<string[]> {
  const result = await h.search.createSearch({ query, sort: "submitTimeUtc:asc", ...extra });
  return summaries(result).map((s) => s.id);
}

describe("the query language", () => {
  it("searches the last seven days when submitTimeUtc is absent", async () => {
    expect(await ids("clientReferenceInformation.code:srch-old")).toEqual([]);
    expect(
      await ids("clientReferenceInformation.code:srch-old AND submitTimeUtc:[NOW-30DAYS TO NOW]"),
    ).toEqual([old.id]);
  });

  it("matches exact values regardless of case, and groups of values", async () => {
    expect(await ids("orderInformation.billTo.lastName:HOPPER")).toEqual([b.id]);
    expect(await ids("clientReferenceInformation.code:(srch-a OR srch-b)")).toEqual([a.id, b.id]);
    expect(await ids(`id:${b.id}`)).toEqual([b.id]);
    expect(await ids(`reconciliationId:${b.reconciliationId}`)).toEqual([b.id]);
    expect(
      await ids(`applicationInformation.applications.reconciliationId:${a.reconciliationId}`),
    ).toEqual([a.id]);
    expect(await ids("orderInformation.amountDetails.totalAmount:35.5")).toEqual([b.id]);
    expect(await ids(`merchantId:${h.sandbox.merchant}`)).toHaveLength(4);
    expect(await ids("deviceInformation.ipAddress:127.0.0.1")).toHaveLength(4);
    expect(await ids('paymentInformation.paymentType.type:"credit card"')).toHaveLength(4);
  });

  it("matches wildcards with at least three characters before the star", async () => {
    expect(await ids("clientReferenceInformation.code:srch*")).toEqual([a.id, b.id]);
    expect(await ids("orderInformation.billTo.email:gra*@example.com")).toEqual([b.id]);
    expect(await ids("paymentInformation.card.number:555*")).toEqual([b.id]);
  });

  it("finds cards by number, first six and last four, never storing the number", async () => {
    expect(await ids(`paymentInformation.card.number:${MASTERCARD}`)).toEqual([b.id]);
    expect(await ids("paymentInformation.card.prefix:555555")).toEqual([b.id]);
    expect(await ids("paymentInformation.card.suffix:1111")).toEqual([a.id]);
    expect(await ids("paymentInformation.paymentType.method:mc")).toEqual([b.id]);
    const details = await h.search.getTransaction(b.id ?? "");
    expect(JSON.stringify(details)).not.toContain(MASTERCARD);
  });

  it("combines filters with AND and OR", async () => {
    expect(
      await ids(
        "(clientReferenceInformation.code:srch-a OR clientReferenceInformation.code:other-c) AND paymentInformation.paymentType.method:vi",
      ),
    ).toEqual([a.id]);
    expect(await ids("applicationInformation.applications.name:ics_bill")).toEqual([
      a.id,
      cCaptureId,
    ]);
    expect(
      await ids(
        "applicationInformation.applications.name:ics_auth AND orderInformation.amountDetails.currency:usd",
      ),
    ).toEqual([a.id, b.id, c.id]);
  });

  it("evaluates date math in the request's time zone", async () => {
    const today = "submitTimeUtc:[NOW/DAY TO NOW/DAY+1DAY}";
    // In GMT it is March 10: B, C and C's capture.
    expect(await ids(today)).toEqual([b.id, c.id, cCaptureId]);
    // In New York it is still March 9 (from 05:00 UTC): A as well.
    expect(await ids(today, { timezone: "America/New_York" })).toEqual([
      a.id,
      b.id,
      c.id,
      cCaptureId,
    ]);
    expect(await ids("submitTimeUtc:[NOW/DAY-1DAY TO NOW/DAY}")).toEqual([a.id]);
    expect(await ids("submitTimeUtc:[NOW/HOUR-1HOUR TO NOW/HOUR}")).toEqual([]);
    expect(await ids("submitTimeUtc:[NOW-1HOUR TO NOW]")).toEqual([c.id, cCaptureId]);
    expect(await ids("submitTimeUtc:[NOW/MONTH TO NOW/DAY+1DAY}")).toEqual([
      a.id,
      b.id,
      c.id,
      cCaptureId,
    ]);
  });

  it("takes epoch milliseconds, with inclusive and exclusive bounds", async () => {
    const aMs = Date.UTC(2024, 2, 9, 23, 0, 0);
    const bMs = Date.UTC(2024, 2, 10, 1, 0, 0);
    expect(await ids(`submitTimeUtc:[${aMs} TO ${bMs}}`)).toEqual([a.id]);
    expect(await ids(`submitTimeUtc:[${aMs} TO ${bMs}]`)).toEqual([a.id, b.id]);
    expect(await ids(`submitTimeUtc:{${aMs} TO ${bMs}]`)).toEqual([b.id]);
  });

  const invalid: [string, string, string][] = [
    ["clientReferenceInformation.code:*abc", "submitTimeUtc:asc", "leading-wildcard"],
    ["clientReferenceInformation.code:ab*", "submitTimeUtc:asc", "wildcard-too-short"],
    ["noSuchField:1", "submitTimeUtc:asc", "unknown-field"],
    ["submitTimeUtc:today", "submitTimeUtc:asc", "time-field-needs-range"],
    ["id:1 and id:2", "submitTimeUtc:asc", "lowercase-operator"],
    ["id:1", "noSuchField:asc", "unknown-field"],
    ["id:1", "submitTimeUtc:DESC", "expected-value"],
  ];

  it("refuses invalid queries and sorts with 400 naming the rule, when a request gets past the client", async () => {
    for (const [query, sort, code] of invalid) {
      const response = await fetch(`${h.sandbox.url}/tss/v2/searches`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query, sort }),
      });
      expect(response.status, `${query} ${sort}`).toBe(400);
      expect(await response.text()).toContain(code);
    }
  });

  it("the client refuses the invalid queries before sending; the sandbox answers the sorts it does not check", async () => {
    for (const [query, sort, code] of invalid) {
      const error = await h.search.createSearch({ query, sort }).then(
        () => new Error(`accepted ${query} ${sort}`),
        (e: unknown) => e,
      );
      if (error instanceof ValidationError) {
        expect(error.issues.map((i) => i.path)).toContain("query");
        continue;
      }
      if (!(error instanceof HttpStatusError)) throw error;
      expect(query, "only sort problems reach the sandbox").toBe("id:1");
      expect(error.status).toBe(400);
      expect(JSON.stringify(error.body)).toContain(code);
    }
  });
});

describe("sort, offset and limit", () => {
  const window = "submitTimeUtc:[NOW-2DAYS TO NOW]";

  it("sorts by any field both ways", async () => {
    const desc = await h.search.createSearch({
      query: window,
      sort: "orderInformation.amountDetails.totalAmount:desc",
    });
    const amounts = summaries(desc).map((s) =>
      Number(s.orderInformation.amountDetails.totalAmount),
    );
    expect(amounts).toEqual([99.99, 99.99, 35.5, 20]);
    const asc = await h.search.createSearch({
      query: window,
      sort: "orderInformation.amountDetails.totalAmount:asc",
    });
    expect(summaries(asc).map((s) => Number(s.orderInformation.amountDetails.totalAmount))).toEqual(
      [20, 35.5, 99.99, 99.99],
    );
    expect(await ids(window, { sort: "submitTimeUtc:desc" })).toEqual([
      cCaptureId,
      c.id,
      b.id,
      a.id,
    ]);
    expect(await ids(window, { sort: "clientReferenceInformation.code:asc" })).toEqual([
      c.id,
      cCaptureId,
      a.id,
      b.id,
    ]);
  });

  it("pages with offset and limit, counting every match", async () => {
    const page = await h.search.createSearch({
      query: window,
      sort: "submitTimeUtc:asc",
      offset: 1,
      limit: 2,
    });
    expect(page["count"]).toBe(2);
    expect(page["totalCount"]).toBe(4);
    expect(summaries(page).map((s) => s.id)).toEqual([b.id, c.id]);
    const past = await h.search.createSearch({
      query: window,
      sort: "submitTimeUtc:asc",
      offset: 10,
      limit: 2,
    });
    expect(past["count"]).toBe(0);
  });
});

describe("saved searches and details", () => {
  it("returns a saved search by id; an unsaved or unknown one is 404", async () => {
    const saved = await h.search.createSearch({
      query: "clientReferenceInformation.code:srch*",
      sort: "submitTimeUtc:asc",
      save: "true",
      name: "mine",
    });
    expect(saved["save"]).toBe(true);
    expect(saved["name"]).toBe("mine");
    const id = String(saved["id"]);
    expect(await h.search.getSearch(id)).toEqual(saved);
    const unsaved = await h.search.createSearch({ query: "id:1", sort: "submitTimeUtc:asc" });
    await expect(h.search.getSearch(String(unsaved["id"]))).rejects.toSatisfy(
      (e: unknown) => e instanceof HttpStatusError && e.status === 404,
    );
    await expect(h.search.getSearch("nope")).rejects.toSatisfy(
      (e: unknown) => e instanceof HttpStatusError && e.status === 404,
    );
  });

  it("details carry the applications of each kind of transaction", async () => {
    const names = async (id: string | undefined) =>
      (await h.search.getTransaction(id ?? "")).applicationInformation?.applications?.map(
        (x) => x.name,
      );
    expect(await names(b.id)).toEqual(["ics_auth"]);
    expect(await names(a.id)).toEqual(["ics_auth", "ics_bill"]);
    expect(await names(cCaptureId)).toEqual(["ics_bill"]);
    const auth = await h.payments.authorize(wallet012("5.00", "details-rev"));
    const reversal = await auth.reverse();
    expect(await names(reversal.id)).toEqual(["ics_auth_reversal"]);
    const sale = await h.payments.sale(cardPayment("6.00", VISA, "details-void"));
    const voided = await sale.void();
    expect(await names(String(voided["id"]))).toEqual(["ics_void"]);
    const details = await h.search.getTransaction(a.id ?? "");
    expect(unknownData(details)?.fields["status"]).toBe("AUTHORIZED");
    expect(unknownData(details)?.fields["merchantId"]).toBe(h.sandbox.merchant);
    expect(details.applicationInformation?.applications?.[0]?.reconciliationId).toBe(
      a.reconciliationId,
    );
  });

  it("answers 404 for an unknown transaction", async () => {
    await expect(h.search.getTransaction("0000")).rejects.toSatisfy(
      (e: unknown) => e instanceof HttpStatusError && e.status === 404,
    );
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After past the configured rate; the client waits and succeeds", async () => {
    // The limiter's window is read on Date: a fake Date keeps it from ending on
    // its own however slow the machine is, and moves on only as the client waits.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const limited = await startHarness({ searchRateLimit: { max: 2, windowMs: 1_000 } });
    try {
      const request: SearchRequest = { query: "id:1", sort: "submitTimeUtc:asc" };
      await limited.search.createSearch(request);
      await limited.search.createSearch(request);
      const error = await limited.search.createSearch(request).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpStatusError);
      if (!(error instanceof HttpStatusError)) return;
      expect(error.status).toBe(429);
      expect(error.retryAfterMs).toBe(1_000);
      const retries: RetryInfo[] = [];
      const patient = createSearchClient({
        searchUrl: limited.sandbox.url,
        testBaseUrl: limited.sandbox.url,
        retry: { ...NO_RETRY, maxAttempts: 3, maxDelayMs: 5_000 },
        onRetry: (info) => {
          retries.push(info);
          vi.setSystemTime(Date.now() + info.delayMs);
        },
      });
      const result = await patient.createSearch(request);
      expect(result["status"]).toBe("COMPLETED");
      // The client was told to wait the Retry-After, and one retry, sent once
      // the sandbox's clock had moved on by that wait, was let through.
      expect(retries.map((r) => [r.attempt, r.reason, r.delayMs])).toEqual([
        [1, "rate-limited", 1_000],
      ]);
    } finally {
      await limited.close();
      vi.useRealTimers();
    }
  });
});
