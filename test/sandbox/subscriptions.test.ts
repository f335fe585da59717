/**
 * Recurring subscriptions against the sandbox, through the generated SOAP
 * client over real HTTP: every ARB operation, every status the document
 * lists and the sandbox's transitions between them, and the list with each
 * search type, every sort field both ways, and paging.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiError,
  arbGetSubscriptionListOrderFieldEnumValues,
  createSubscriptionsClient,
  type ARBSubscriptionType,
  type SubscriptionDetail,
} from "../../generated/subscriptions/index.js";
import { compareDecimal } from "../../generated/runtime/scalars.js";
import {
  CLIENT_NAMESPACE,
  DECLINE_CARD,
  MASTERCARD,
  startHarness,
  TestClock,
  VISA,
  AMEX,
  type Harness,
} from "./harness.js";

const START = Date.UTC(2031, 4, 10, 12, 0, 0);
const TODAY = "2031-05-10";

function subscription(
  overrides: Partial<ARBSubscriptionType> = {},
  card = VISA,
  expiration = "2032-12",
): ARBSubscriptionType {
  return {
    name: "Monthly plan",
    paymentSchedule: {
      interval: { length: 1, unit: "months" },
      startDate: "2031-06-01",
      totalOccurrences: 12,
    },
    amount: "10.00",
    payment: { creditCard: { cardNumber: card, expirationDate: expiration, cardCode: "123" } },
    order: { invoiceNumber: "INV-1", description: "plan" },
    customer: { id: "cust-1", email: "ada@example.com" },
    billTo: { firstName: "Ada", lastName: "Lovelace", city: "London" },
    ...overrides,
  };
}

let h: Harness;
const clock = new TestClock(START);

beforeAll(async () => {
  h = await startHarness({ now: clock.now });
});
afterAll(async () => {
  await h.close();
});

describe("connectivity and credentials", () => {
  it("serves every operation of the generated client", () => {
    const served = h.sandbox.soapOperations.map((name) => name.toLowerCase()).sort();
    const methods = Object.keys(h.soap)
      .map((name) => name.toLowerCase())
      .sort();
    expect(served).toEqual(methods);
    expect(served).toHaveLength(23);
  });

  it("answers IsAlive without credentials", async () => {
    const client = createSubscriptionsClient({
      endpoint: h.sandbox.soapUrl,
      namespace: CLIENT_NAMESPACE,
    });
    const result = await client.isAlive();
    expect(result.resultCode).toBe("Ok");
  });

  it("accepts the configured credentials in AuthenticateTest", async () => {
    expect((await h.soap.authenticateTest()).resultCode).toBe("Ok");
  });

  it("answers resultCode Error for other credentials or none", async () => {
    for (const credentials of [
      { name: "test-merchant", transactionKey: "wrong" },
      { name: "other", transactionKey: "test-key-0123" },
      undefined,
    ]) {
      const client = createSubscriptionsClient({
        endpoint: h.sandbox.soapUrl,
        namespace: CLIENT_NAMESPACE,
        onApiError: "result",
        ...(credentials !== undefined ? { credentials } : {}),
      });
      const outcome = await client.authenticateTest();
      expect(outcome.ok).toBe(false);
      expect(outcome.result.resultCode).toBe("Error");
      expect(outcome.result.messages?.[0]?.code).toBe("AUTHENTICATION_FAILED");
      const create = await client.arbCreateSubscription({ subscription: subscription() });
      expect(create.ok).toBe(false);
    }
  });

  it("compares credentials exactly: no trimming, no case folding", async () => {
    const key = "test-key-0123";
    const name = "test-merchant";
    const variants = [
      { name, transactionKey: `${key} ` },
      { name, transactionKey: ` ${key}` },
      { name, transactionKey: `${key}\n` },
      { name, transactionKey: `\t${key}` },
      { name, transactionKey: key.toUpperCase() },
      { name: `${name} `, transactionKey: key },
      { name: ` ${name}`, transactionKey: key },
      { name: name.toUpperCase(), transactionKey: key },
    ];
    for (const credentials of variants) {
      const client = createSubscriptionsClient({
        endpoint: h.sandbox.soapUrl,
        namespace: CLIENT_NAMESPACE,
        onApiError: "result",
        credentials,
      });
      const outcome = await client.authenticateTest();
      expect(outcome.ok, JSON.stringify(credentials)).toBe(false);
      expect(outcome.result.messages?.[0]?.code).toBe("AUTHENTICATION_FAILED");
    }
    // Spaces written as character references are spaces too.
    const soap = (keyXml: string): string =>
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
      `<AuthenticateTest xmlns="${CLIENT_NAMESPACE}">\n  <merchantAuthentication>\n    <name>${name}</name>\n` +
      `    <transactionKey>${keyXml}</transactionKey>\n  </merchantAuthentication>\n</AuthenticateTest></soap:Body></soap:Envelope>`;
    const post = async (xml: string): Promise<string> =>
      (
        await fetch(h.sandbox.soapUrl, {
          method: "POST",
          headers: { "content-type": "text/xml" },
          body: xml,
        })
      ).text();
    expect(await post(soap(`${key}&#32;`))).toContain("AUTHENTICATION_FAILED");
    expect(await post(soap(`<![CDATA[ ${key}]]>`))).toContain("AUTHENTICATION_FAILED");
    // The exact credentials pass, however the envelope is indented or escaped.
    expect(await post(soap(key))).toContain("<resultCode>Ok</resultCode>");
    expect(await post(soap(`test-key&#x2d;0123`))).toContain("<resultCode>Ok</resultCode>");
  });
});

describe("create, read, update, cancel", () => {
  it("creates an active subscription and reads it back masked", async () => {
    const created = await h.soap.arbCreateSubscription({
      subscription: subscription({ shipTo: { firstName: "Ship", city: "Leeds" } }),
    });
    expect(created.resultCode).toBe("Ok");
    expect(created.subscriptionId).toMatch(/^[0-9]+$/);
    const status = await h.soap.arbGetSubscriptionStatus({
      subscriptionId: created.subscriptionId,
    });
    expect(status.status).toBe("active");
    const read = await h.soap.arbGetSubscription({ subscriptionId: created.subscriptionId });
    const s = read.subscription;
    expect(s?.status).toBe("active");
    expect(s?.name).toBe("Monthly plan");
    expect(s?.amount).toBe("10.00");
    expect(s?.paymentSchedule).toEqual({
      interval: { length: 1, unit: "months" },
      startDate: "2031-06-01",
      totalOccurrences: 12,
      trialOccurrences: 0,
    });
    expect(s?.order).toEqual({ invoiceNumber: "INV-1", description: "plan" });
    expect(s?.profile?.merchantCustomerId).toBe("cust-1");
    expect(s?.profile?.email).toBe("ada@example.com");
    const card = s?.profile?.paymentProfile?.payment?.creditCard;
    expect(card).toEqual({ cardNumber: "XXXX1111", expirationDate: "XXXX", cardType: "Visa" });
    expect(s?.profile?.paymentProfile?.subscriptionIds).toEqual([created.subscriptionId]);
    expect(s?.profile?.shippingProfile?.firstName).toBe("Ship");
    expect(JSON.stringify(read)).not.toContain(VISA);
  });

  it("updates name, amount, payment, bill-to and schedule", async () => {
    const { subscriptionId } = await h.soap.arbCreateSubscription({ subscription: subscription() });
    const updated = await h.soap.arbUpdateSubscription({
      subscriptionId,
      subscription: {
        name: "Renamed",
        amount: "12.50",
        paymentSchedule: { totalOccurrences: 24 },
        payment: { creditCard: { cardNumber: MASTERCARD, expirationDate: "2033-01" } },
        billTo: { firstName: "Grace", lastName: "Hopper" },
      },
    });
    expect(updated.resultCode).toBe("Ok");
    const s = (await h.soap.arbGetSubscription({ subscriptionId })).subscription;
    expect(s?.name).toBe("Renamed");
    expect(s?.amount).toBe("12.50");
    expect(s?.paymentSchedule?.totalOccurrences).toBe(24);
    expect(s?.profile?.paymentProfile?.payment?.creditCard?.cardNumber).toBe("XXXX4444");
    expect(s?.profile?.paymentProfile?.billTo?.firstName).toBe("Grace");
  });

  it("refuses to change the interval, and rejects invalid creations", async () => {
    const { subscriptionId } = await h.soap.arbCreateSubscription({ subscription: subscription() });
    const change = await h.soapResults.arbUpdateSubscription({
      subscriptionId,
      subscription: { paymentSchedule: { interval: { length: 2, unit: "months" } } },
    });
    expect(change.ok).toBe(false);
    expect(change.result.messages?.[0]?.code).toBe("INVALID_REQUEST");

    const cases: ARBSubscriptionType[] = [
      subscription({ payment: undefined }),
      subscription({ amount: "0" }),
      subscription({
        paymentSchedule: {
          interval: { length: 1, unit: "months" },
          startDate: "2031-05-09",
          totalOccurrences: 3,
        },
      }),
      subscription({
        paymentSchedule: {
          interval: { length: 13, unit: "months" },
          startDate: "2031-06-01",
          totalOccurrences: 3,
        },
      }),
      subscription({}, "4111111111111112"),
      subscription({}, VISA, "2031-04"),
    ];
    for (const input of cases) {
      const outcome = await h.soapResults.arbCreateSubscription({ subscription: input });
      expect(outcome.ok).toBe(false);
      expect(outcome.result.messages?.[0]?.code).toBe("INVALID_REQUEST");
      expect(outcome.result.messages?.[0]?.text).not.toContain("4111111111111112");
    }
  });

  it("cancels: active → canceled, a second cancel says so, a canceled one cannot be updated", async () => {
    const { subscriptionId } = await h.soap.arbCreateSubscription({ subscription: subscription() });
    const cancel = await h.soap.arbCancelSubscription({ subscriptionId });
    expect(cancel.messages?.[0]?.code).toBe("OK");
    expect((await h.soap.arbGetSubscriptionStatus({ subscriptionId })).status).toBe("canceled");
    const again = await h.soap.arbCancelSubscription({ subscriptionId });
    expect(again.resultCode).toBe("Ok");
    expect(again.messages?.[0]?.code).toBe("ALREADY_CANCELED");
    const update = await h.soapResults.arbUpdateSubscription({
      subscriptionId,
      subscription: { name: "x" },
    });
    expect(update.ok).toBe(false);
    expect(update.result.messages?.[0]?.code).toBe("INVALID_STATE");
  });

  it("answers NOT_FOUND for an unknown subscription", async () => {
    await expect(h.soap.arbGetSubscriptionStatus({ subscriptionId: "99999" })).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.messages[0]?.code === "NOT_FOUND",
    );
    const outcome = await h.soapResults.arbGetSubscription({ subscriptionId: "99999" });
    expect(outcome.ok).toBe(false);
  });
});

describe("status transitions driven by billing", () => {
  it("active → expired once every occurrence is charged", async () => {
    const { subscriptionId } = await h.soap.arbCreateSubscription({
      subscription: subscription({
        paymentSchedule: {
          interval: { length: 1, unit: "days" },
          startDate: TODAY,
          totalOccurrences: 3,
        },
      }),
    });
    // The occurrence of today is charged at once.
    let list = await detailOf(subscriptionId);
    expect(list.pastOccurrences).toBe(1);
    expect(list.status).toBe("active");
    clock.advanceDays(2);
    try {
      expect((await h.soap.arbGetSubscriptionStatus({ subscriptionId })).status).toBe("expired");
      list = await detailOf(subscriptionId, "subscriptionInactive");
      expect(list.pastOccurrences).toBe(3);
      const found = await h.search.createSearch({
        query: `paymentInformation.customer.customerId:${list.customerProfileId} AND applicationInformation.applications.name:ics_bill`,
        sort: "submitTimeUtc:asc",
      });
      expect(found["totalCount"]).toBe(3);
    } finally {
      clock.advanceDays(-2);
    }
  });

  it("active → suspended on a declined charge, and back to active with new payment data", async () => {
    const { subscriptionId } = await h.soap.arbCreateSubscription({
      subscription: subscription(
        {
          paymentSchedule: {
            interval: { length: 7, unit: "days" },
            startDate: TODAY,
            totalOccurrences: 4,
          },
        },
        DECLINE_CARD,
      ),
    });
    expect((await h.soap.arbGetSubscriptionStatus({ subscriptionId })).status).toBe("suspended");
    await h.soap.arbUpdateSubscription({
      subscriptionId,
      subscription: { payment: { creditCard: { cardNumber: VISA, expirationDate: "2032-12" } } },
    });
    expect((await h.soap.arbGetSubscriptionStatus({ subscriptionId })).status).toBe("active");
  });

  it("a decline amount suspends too, and a suspended subscription still unpaid at its next occurrence is terminated", async () => {
    const { subscriptionId } = await h.soap.arbCreateSubscription({
      subscription: subscription({
        amount: "20.13",
        paymentSchedule: {
          interval: { length: 1, unit: "days" },
          startDate: TODAY,
          totalOccurrences: 5,
        },
      }),
    });
    expect((await h.soap.arbGetSubscriptionStatus({ subscriptionId })).status).toBe("suspended");
    clock.advanceDays(1);
    try {
      expect((await h.soap.arbGetSubscriptionStatus({ subscriptionId })).status).toBe("terminated");
      const cancel = await h.soapResults.arbCancelSubscription({ subscriptionId });
      expect(cancel.ok).toBe(false);
      expect(cancel.result.messages?.[0]?.code).toBe("INVALID_STATE");
    } finally {
      clock.advanceDays(-1);
    }
  });

  it("a suspended subscription can be canceled", async () => {
    const { subscriptionId } = await h.soap.arbCreateSubscription({
      subscription: subscription(
        {
          paymentSchedule: {
            interval: { length: 1, unit: "months" },
            startDate: TODAY,
            totalOccurrences: 2,
          },
        },
        DECLINE_CARD,
      ),
    });
    expect((await h.soap.arbGetSubscriptionStatus({ subscriptionId })).status).toBe("suspended");
    await h.soap.arbCancelSubscription({ subscriptionId });
    expect((await h.soap.arbGetSubscriptionStatus({ subscriptionId })).status).toBe("canceled");
  });
});

async function detailOf(
  id: string,
  searchType: "subscriptionActive" | "subscriptionInactive" = "subscriptionActive",
): Promise<SubscriptionDetail> {
  const list = await h.soap.arbGetSubscriptionList({ request: { searchType } });
  const found = list.subscriptionDetails?.find((d) => String(d.id) === id);
  if (found === undefined) throw new Error(`subscription ${id} is not in the ${searchType} list`);
  return found;
}

describe("ARBGetSubscriptionList", () => {
  let own: SubscriptionDetail[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    // A separate sandbox, so the list holds only these subscriptions.
    const inputs: ARBSubscriptionType[] = [
      subscription(
        { name: "Charlie", amount: "30.00", billTo: { firstName: "Zoe", lastName: "Adams" } },
        VISA,
      ),
      subscription(
        { name: "alpha", amount: "5.50", billTo: { firstName: "Yan", lastName: "Brown" } },
        MASTERCARD,
      ),
      subscription(
        { name: "Bravo", amount: "100.00", billTo: { firstName: "Xia", lastName: "Clark" } },
        AMEX,
      ),
      subscription(
        {
          name: "Delta",
          amount: "7.25",
          billTo: { firstName: "Wes", lastName: "Davis" },
          paymentSchedule: {
            interval: { length: 1, unit: "days" },
            startDate: TODAY,
            totalOccurrences: 15,
          },
        },
        "6011111111111117",
        "2031-05",
      ),
    ];
    for (const input of inputs) {
      clock.advance(1_000);
      ids.push((await h.soap.arbCreateSubscription({ subscription: input })).subscriptionId);
    }
    const list = await h.soap.arbGetSubscriptionList({
      request: { searchType: "subscriptionActive" },
    });
    own = (list.subscriptionDetails ?? []).filter((d) => ids.includes(String(d.id)));
  });

  it("lists active subscriptions with every field of a list item", () => {
    expect(own).toHaveLength(4);
    const delta = own.find((d) => d.name === "Delta");
    expect(delta).toMatchObject({
      status: "active",
      firstName: "Wes",
      lastName: "Davis",
      totalOccurrences: 15,
      pastOccurrences: 1,
      paymentMethod: "creditCard",
      accountNumber: "XXXX1117",
      invoice: "INV-1",
      amount: "7.25",
      currencyCode: "USD",
    });
    expect(delta?.customerProfileId).toBeGreaterThan(0);
    expect(delta?.customerPaymentProfileId).toBeGreaterThan(0);
    expect(delta?.createTimeStampUTC).toMatch(/^2031-05-10T12:00:0\dZ$/);
  });

  it("sorts by every orderBy field, both ways", async () => {
    for (const orderBy of arbGetSubscriptionListOrderFieldEnumValues) {
      for (const orderDescending of [false, true]) {
        const list = await h.soap.arbGetSubscriptionList({
          request: { searchType: "subscriptionActive", sorting: { orderBy, orderDescending } },
        });
        const got = (list.subscriptionDetails ?? [])
          .filter((d) => ids.includes(String(d.id)))
          .map((d) => d.id);
        const expected = [...own]
          .sort((a, b) => {
            const c = compareField(orderBy, a, b);
            return (orderDescending ? -c : c) || a.id - b.id;
          })
          .map((d) => d.id);
        expect(got, `${orderBy} ${orderDescending ? "desc" : "asc"}`).toEqual(expected);
      }
    }
    const byName = await h.soap.arbGetSubscriptionList({
      request: {
        searchType: "subscriptionActive",
        sorting: { orderBy: "name", orderDescending: false },
      },
    });
    const names = (byName.subscriptionDetails ?? [])
      .filter((d) => ids.includes(String(d.id)))
      .map((d) => d.name);
    expect(names).toEqual(["alpha", "Bravo", "Charlie", "Delta"]);
  });

  it("pages with limit and offset (a page number from 1) and counts the whole result set", async () => {
    const all = await h.soap.arbGetSubscriptionList({
      request: {
        searchType: "subscriptionActive",
        sorting: { orderBy: "id", orderDescending: false },
      },
    });
    const total = all.totalNumInResultSet;
    expect(total).toBe(all.subscriptionDetails?.length);
    const pages: number[] = [];
    for (let offset = 1; offset <= Math.ceil(total / 3); offset++) {
      const page = await h.soap.arbGetSubscriptionList({
        request: {
          searchType: "subscriptionActive",
          sorting: { orderBy: "id", orderDescending: false },
          paging: { limit: 3, offset },
        },
      });
      expect(page.totalNumInResultSet).toBe(total);
      expect(page.subscriptionDetails?.length ?? 0).toBeLessThanOrEqual(3);
      pages.push(...(page.subscriptionDetails ?? []).map((d) => d.id));
    }
    expect(pages).toEqual(all.subscriptionDetails?.map((d) => d.id));
    const beyond = await h.soap.arbGetSubscriptionList({
      request: { searchType: "subscriptionActive", paging: { limit: 3, offset: 1000 } },
    });
    expect(beyond.subscriptionDetails ?? []).toEqual([]);
    expect(beyond.totalNumInResultSet).toBe(total);
    const bad = await h.soapResults.arbGetSubscriptionList({
      request: { searchType: "subscriptionActive", paging: { limit: 0, offset: 1 } },
    });
    expect(bad.ok).toBe(false);
  });

  it("filters by each search type", async () => {
    const of = async (
      searchType:
        | "cardExpiringThisMonth"
        | "subscriptionActive"
        | "subscriptionExpiringThisMonth"
        | "subscriptionInactive",
    ) =>
      (await h.soap.arbGetSubscriptionList({ request: { searchType } })).subscriptionDetails ?? [];
    const active = await of("subscriptionActive");
    expect(active.every((d) => d.status === "active")).toBe(true);
    const inactive = await of("subscriptionInactive");
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((d) => d.status !== "active")).toBe(true);
    const expiringCards = await of("cardExpiringThisMonth");
    expect(expiringCards.map((d) => d.name)).toEqual(["Delta"]);
    // Delta: daily from May 10 for 15 occurrences ends May 24, this month.
    const ending = await of("subscriptionExpiringThisMonth");
    expect(ending.map((d) => d.name)).toContain("Delta");
    expect(ending.map((d) => d.name)).not.toContain("Charlie");
  });
});

function compareField(
  field: (typeof arbGetSubscriptionListOrderFieldEnumValues)[number],
  a: SubscriptionDetail,
  b: SubscriptionDetail,
): number {
  const text = (x: string | undefined, y: string | undefined): number => {
    const p = (x ?? "").toLowerCase();
    const q = (y ?? "").toLowerCase();
    return p < q ? -1 : p > q ? 1 : 0;
  };
  switch (field) {
    case "id":
      return a.id - b.id;
    case "amount":
      return compareDecimal(a.amount, b.amount);
    case "pastOccurrences":
      return a.pastOccurrences - b.pastOccurrences;
    case "name":
    case "status":
    case "createTimeStampUTC":
    case "lastName":
    case "firstName":
    case "accountNumber":
      return text(a[field], b[field]);
  }
}
