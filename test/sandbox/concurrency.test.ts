/**
 * Concurrency: hundreds of parallel requests through the generated clients,
 * with state written through to a data file, lose and duplicate nothing.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpStatusError } from "../../generated/payments/index.js";
import type { OpaqueBody } from "../../generated/runtime/opaque.js";
import { startHarness, tempDir, VISA, wallet012, type Harness } from "./harness.js";

const PARALLEL = 200;

let dir: { dir: string; remove: () => Promise<void> };
let dataFile = "";
let h: Harness;

beforeAll(async () => {
  dir = await tempDir();
  dataFile = path.join(dir.dir, "state.sqlite");
  h = await startHarness({ dataFile });
});
afterAll(async () => {
  await h.close();
  await dir.remove();
});

function summaryIds(result: OpaqueBody): string[] {
  const embedded = result["_embedded"] as unknown as { transactionSummaries: { id: string }[] };
  return embedded.transactionSummaries.map((s) => s.id);
}

describe(`${PARALLEL} parallel authorizations and captures`, () => {
  const authIds: string[] = [];
  const captureIds: string[] = [];

  it("authorizes and captures every payment once", async () => {
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => {
        const auth = await h.payments.authorize(wallet012(`${i + 1}.00`, `conc-${i}`));
        const capture = await auth.capture({
          orderInformation: { amountDetails: { totalAmount: `${i + 1}.00`, currency: "USD" } },
        });
        return { auth, capture };
      }),
    );
    for (const { auth, capture } of results) {
      expect(auth.status).toBe("AUTHORIZED");
      expect(capture.status).toBe("PENDING");
      authIds.push(auth.id ?? "");
      captureIds.push(capture.id ?? "");
    }
    expect(new Set(authIds).size).toBe(PARALLEL);
    expect(new Set(captureIds).size).toBe(PARALLEL);
    expect(new Set([...authIds, ...captureIds]).size).toBe(PARALLEL * 2);
    results.forEach(({ auth, capture }, i) => {
      expect(auth.clientReferenceInformation?.code).toBe(`conc-${i}`);
      expect(capture.orderInformation?.amountDetails?.totalAmount).toBe(`${i + 1}.00`);
    });
  });

  it("records every one of them, each once, and each payment reads CAPTURED", async () => {
    const found = await h.search.createSearch({
      query: "clientReferenceInformation.code:conc*",
      sort: "submitTimeUtc:asc",
      limit: 1000,
    });
    expect(found["totalCount"]).toBe(PARALLEL * 2);
    const ids = summaryIds(found);
    expect(new Set(ids).size).toBe(PARALLEL * 2);
    expect(new Set(ids)).toEqual(new Set([...authIds, ...captureIds]));
    const statuses = await Promise.all(
      authIds.map(async (id) => (await h.payments.getPayment(id))["status"]),
    );
    expect(statuses.every((s) => s === "CAPTURED")).toBe(true);
  });

  it("lets exactly one of many parallel captures of one authorization through", async () => {
    const auth = await h.payments.authorize(wallet012("50.00", "race"));
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, () =>
        auth.capture().then(
          () => 201,
          (error: unknown) => (error instanceof HttpStatusError ? error.status : -1),
        ),
      ),
    );
    expect(outcomes.filter((s) => s === 201)).toHaveLength(1);
    expect(outcomes.filter((s) => s === 409)).toHaveLength(24);
  });

  it("creates parallel subscriptions with distinct ids", async () => {
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.soap.arbCreateSubscription({
          subscription: {
            name: `parallel ${i}`,
            amount: "1.00",
            paymentSchedule: {
              interval: { length: 1, unit: "months" },
              startDate: "2099-01-01",
              totalOccurrences: 2,
            },
            payment: { creditCard: { cardNumber: VISA, expirationDate: "2099-12" } },
          },
        }),
      ),
    );
    expect(new Set(created.map((c) => c.subscriptionId)).size).toBe(50);
    const list = await h.soap.arbGetSubscriptionList({
      request: { searchType: "subscriptionActive" },
    });
    expect(list.totalNumInResultSet).toBe(50);
  });

  it("finds everything again after a restart on the same data file", async () => {
    await h.close();
    h = await startHarness({ dataFile });
    const found = await h.search.createSearch({
      query: "clientReferenceInformation.code:conc*",
      sort: "submitTimeUtc:asc",
      limit: 1000,
    });
    expect(found["totalCount"]).toBe(PARALLEL * 2);
    expect((await h.payments.getCapture(captureIds[PARALLEL - 1] ?? ""))["status"]).toBe("PENDING");
    const list = await h.soap.arbGetSubscriptionList({
      request: { searchType: "subscriptionActive" },
    });
    expect(list.totalNumInResultSet).toBe(50);
  });
});
