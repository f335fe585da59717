/**
 * Wallet payments against the sandbox through the generated REST client:
 * every documented flow, the documented transitions (AUTHORIZED, REVERSED,
 * PENDING), the links and their GET targets, the sale and the voids, the
 * decline rule, and the errors of the sandbox's state machine.
 */
import { unknownData } from "../../generated/runtime/read-options.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildSaleRequest,
  buildWallet001MerchantDecryptionCard001Request,
  buildWallet001MerchantDecryptionCard002Request,
  buildWallet001ServiceDecryptionRequest,
  createPaymentsClient,
  HttpStatusError,
  type PaymentResponse,
} from "../../generated/payments/index.js";
import { createHttpSignatureSigner } from "../../generated/runtime/http/http-signature.js";
import {
  BILL_TO,
  cardPayment,
  DECLINE_CARD,
  NO_RETRY,
  startHarness,
  VISA,
  wallet012,
  type Harness,
} from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const amount = (totalAmount: string) => ({
  amountDetails: { totalAmount, currency: "USD" },
  billTo: { ...BILL_TO },
});

/** The HTTP status and the sandbox's error reason of a rejected call. */
async function rejection(call: Promise<unknown>): Promise<{ status: number; reason: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpStatusError) {
      const body = error.body;
      const reason =
        typeof body === "object" && body !== null && "reason" in body ? body.reason : undefined;
      return { status: error.status, reason };
    }
    throw error;
  }
  throw new Error("the call succeeded");
}

function expectAuthorizationLinks(response: PaymentResponse): void {
  const id = response.id ?? "";
  expect(id).toMatch(/^[0-9]{22}$/);
  expect(response._links).toEqual({
    authReversal: { href: `/pts/v2/payments/${id}/reversals`, method: "POST" },
    capture: { href: `/pts/v2/payments/${id}/captures`, method: "POST" },
    self: { href: `/pts/v2/payments/${id}`, method: "GET" },
  });
}

describe("authorization in every documented flow", () => {
  it("wallet flow 012 → AUTHORIZED with its links", async () => {
    const auth = await h.payments.authorize(wallet012("25.00", "flow-012"));
    expect(auth.status).toBe("AUTHORIZED");
    expectAuthorizationLinks(auth);
    expect(auth.clientReferenceInformation?.code).toBe("flow-012");
    expect(auth.orderInformation?.amountDetails).toEqual({
      authorizedAmount: "25.00",
      currency: "USD",
    });
    expect(auth.processingInformation?.paymentSolution).toBe("012");
    expect(auth.processorInformation?.responseCode).toBe("00");
    expect(auth.processorInformation?.approvalCode).toMatch(/^[0-9]{6}$/);
    expect(auth.submitTimeUtc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(auth.reconciliationId).toBe(auth.id?.slice(-16));
  });

  it("wallet flow 001, service decryption", async () => {
    const auth = await h.payments.authorize(
      buildWallet001ServiceDecryptionRequest({
        clientReferenceInformation: { code: "flow-001-sd" },
        paymentInformation: { card: { type: "001" }, fluidData: { value: "cGF5bWVudERhdGE=" } },
        orderInformation: amount("12.00"),
      }),
    );
    expect(auth.status).toBe("AUTHORIZED");
    expectAuthorizationLinks(auth);
    expect(auth.paymentInformation?.card?.type).toBe("001");
    expect(auth.paymentAccountInformation?.card?.type).toBe("001");
  });

  it("wallet flow 001, service decryption, with the card type where the document's examples put it", async () => {
    const auth = await h.payments.authorize(
      buildWallet001ServiceDecryptionRequest({
        clientReferenceInformation: { code: "flow-001-sd-example" },
        paymentInformation: {
          tokenizedCard: { type: "001" },
          fluidData: { value: "cGF5bWVudERhdGE=" },
        },
        orderInformation: amount("12.50"),
      }),
    );
    expect(auth.status).toBe("AUTHORIZED");
  });

  it("wallet flow 001, merchant decryption, card types 002 and 001", async () => {
    const card002 = await h.payments.authorize(
      buildWallet001MerchantDecryptionCard002Request({
        clientReferenceInformation: { code: "flow-001-002" },
        consumerAuthenticationInformation: {
          ucafAuthenticationData: "EHuWW9PiBkWvqE5juRwDzAUFBAk=",
        },
        paymentInformation: {
          tokenizedCard: {
            type: "002",
            number: "5555555555554444",
            expirationMonth: "12",
            expirationYear: "2031",
            cryptogram: "EHuWW9PiBkWvqE5juRwDzAUFBAk=",
          },
        },
        orderInformation: amount("13.00"),
      }),
    );
    expect(card002.status).toBe("AUTHORIZED");
    expect(card002.paymentInformation?.tokenizedCard).toEqual({
      type: "002",
      prefix: "555555",
      suffix: "4444",
      expirationMonth: "12",
      expirationYear: "2031",
    });
    const card001 = await h.payments.authorize(
      buildWallet001MerchantDecryptionCard001Request({
        clientReferenceInformation: { code: "flow-001-001" },
        consumerAuthenticationInformation: {
          cavv: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=",
          ecommerceIndicator: "vbv",
        },
        paymentInformation: {
          tokenizedCard: {
            type: "001",
            number: VISA,
            expirationMonth: "12",
            expirationYear: "2031",
            cryptogram: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=",
          },
        },
        orderInformation: amount("14.00"),
      }),
    );
    expect(card001.status).toBe("AUTHORIZED");
    expectAuthorizationLinks(card001);
  });

  it("refuses a request that follows no documented flow, naming the fields", async () => {
    const missing = await rejection(
      h.payments.authorize({
        processingInformation: { paymentSolution: "012" },
        orderInformation: { amountDetails: { totalAmount: "1.00", currency: "USD" } },
      }),
    );
    expect(missing).toEqual({ status: 400, reason: "MISSING_FIELD" });
    const unknownSolution = await rejection(
      h.payments.authorize({
        processingInformation: { paymentSolution: "999" },
        orderInformation: amount("1.00"),
      }),
    );
    expect(unknownSolution.status).toBe(400);
    const zero = await rejection(h.payments.authorize(wallet012("0.00")));
    expect(zero.status).toBe(400);
    const badCard = await rejection(
      h.payments.authorize(cardPayment("1.00", "4111111111111112", "bad-card")),
    );
    expect(badCard.status).toBe(400);
  });
});

describe("reversal", () => {
  it("AUTHORIZED → REVERSED through the authReversal link, with the authorized amount", async () => {
    const auth = await h.payments.authorize(wallet012("30.00", "rev-1"));
    const reversal = await auth.reverse();
    expect(reversal.status).toBe("REVERSED");
    expect(reversal.reversalAmountDetails).toEqual({ reversedAmount: "30.00", currency: "USD" });
    expect(reversal.clientReferenceInformation?.code).toBe("rev-1");
    expect(reversal._links?.self).toEqual({
      href: `/pts/v2/reversals/${reversal.id}`,
      method: "GET",
    });
    expect(reversal.processorInformation?.responseCode).toBe("00");
    const read = await h.payments.getReversal(reversal.id ?? "");
    expect(read["status"]).toBe("REVERSED");
    expect((await auth.refresh())["status"]).toBe("REVERSED");
    expect(await rejection(auth.capture())).toEqual({ status: 409, reason: "INVALID_STATE" });
    expect(await rejection(auth.reverse())).toEqual({ status: 409, reason: "INVALID_STATE" });
  });

  it("refuses an amount other than the authorized amount, then accepts the right one", async () => {
    const auth = await h.payments.authorize(wallet012("40.00", "rev-2"));
    const id = auth.id ?? "";
    const wrong = await rejection(
      h.payments.reverse(id, {
        reversalInformation: { amountDetails: { totalAmount: "39.99" } },
        orderInformation: { amountDetails: { currency: "USD" } },
      }),
    );
    expect(wrong).toEqual({ status: 400, reason: "INVALID_AMOUNT" });
    const equal = await h.payments.reverse(id, {
      reversalInformation: { amountDetails: { totalAmount: "40.0" } },
    });
    expect(equal.status).toBe("REVERSED");
    const missing = await rejection(h.payments.reverse(id, {}));
    expect(missing.status).toBe(400);
  });
});

describe("capture", () => {
  it("AUTHORIZED → capture PENDING; the payment reads CAPTURED; a second capture is refused", async () => {
    const auth = await h.payments.authorize(wallet012("60.00", "cap-1"));
    const capture = await auth.capture({
      clientReferenceInformation: { code: "cap-1" },
      orderInformation: { amountDetails: { totalAmount: "60.00", currency: "USD" } },
    });
    expect(capture.status).toBe("PENDING");
    expect(capture.orderInformation?.amountDetails).toEqual({
      totalAmount: "60.00",
      currency: "USD",
    });
    expect(capture._links).toEqual({
      void: { href: `/pts/v2/captures/${capture.id}/voids`, method: "POST" },
      self: { href: `/pts/v2/captures/${capture.id}`, method: "GET" },
    });
    expect((await capture.refresh())["status"]).toBe("PENDING");
    expect((await h.payments.getCapture(capture.id ?? ""))["id"]).toBe(capture.id);
    expect((await h.payments.getPayment(auth.id ?? ""))["status"]).toBe("CAPTURED");
    expect(await rejection(auth.capture())).toEqual({ status: 409, reason: "INVALID_STATE" });
  });

  it("captures part of the amount, refuses more than authorized or another currency", async () => {
    const auth = await h.payments.authorize(wallet012("20.00", "cap-2"));
    const id = auth.id ?? "";
    expect(
      await rejection(
        h.payments.capture(id, { orderInformation: { amountDetails: { totalAmount: "20.01" } } }),
      ),
    ).toEqual({
      status: 400,
      reason: "INVALID_AMOUNT",
    });
    expect(
      (
        await rejection(
          h.payments.capture(id, {
            orderInformation: { amountDetails: { totalAmount: "5.00", currency: "EUR" } },
          }),
        )
      ).status,
    ).toBe(400);
    const part = await h.payments.capture(id, {
      orderInformation: { amountDetails: { totalAmount: "15.00" } },
    });
    expect(part.status).toBe("PENDING");
    expect(part.orderInformation?.amountDetails?.totalAmount).toBe("15.00");
  });

  it("voiding a capture makes its authorization capturable or reversible again", async () => {
    const auth = await h.payments.authorize(wallet012("18.00", "cap-void"));
    const capture = await auth.capture();
    const voided = await capture.void();
    expect(voided["status"]).toBe("VOIDED");
    expect((await capture.refresh())["status"]).toBe("VOIDED");
    expect((await auth.refresh())["status"]).toBe("AUTHORIZED");
    expect(await rejection(capture.void())).toEqual({ status: 409, reason: "INVALID_STATE" });
    expect((await auth.reverse()).status).toBe("REVERSED");
  });
});

describe("sale", () => {
  it("answers AUTHORIZED with the void link and the total amount; void → VOIDED", async () => {
    const sale = await h.payments.sale(
      buildSaleRequest("wallet012", {
        clientReferenceInformation: { code: "sale-1" },
        paymentInformation: { fluidData: { value: "eyJ3YWxsZXQiOiJ0ZXN0In0=" } },
        orderInformation: amount("75.00"),
      }),
    );
    expect(sale.status).toBe("AUTHORIZED");
    expect(sale._links?.void).toEqual({
      href: `/pts/v2/payments/${sale.id}/voids`,
      method: "POST",
    });
    expect(sale._links?.self?.href).toBe(`/pts/v2/payments/${sale.id}`);
    expect(sale.orderInformation?.amountDetails).toEqual({
      authorizedAmount: "75.00",
      currency: "USD",
      totalAmount: "75.00",
    });
    expect(sale.processorInformation?.retrievalReferenceNumber).toMatch(/^[0-9]{12}$/);
    expect(sale.processorInformation?.systemTraceAuditNumber).toMatch(/^[0-9]{6}$/);
    expect(await rejection(sale.capture())).toEqual({ status: 409, reason: "INVALID_STATE" });
    const voided = await sale.void({ clientReferenceInformation: { code: "void-1" } });
    expect(voided["status"]).toBe("VOIDED");
    expect(voided["clientReferenceInformation"]).toEqual({ code: "void-1" });
    expect((await sale.refresh())["status"]).toBe("VOIDED");
    expect(await rejection(sale.void())).toEqual({ status: 409, reason: "INVALID_STATE" });
  });

  it("a plain card sale", async () => {
    const sale = await h.payments.sale(cardPayment("5.00", VISA, "card-sale"));
    expect(sale.status).toBe("AUTHORIZED");
    expect(sale.paymentAccountInformation?.card?.type).toBe("001");
    expect(
      await rejection(
        h.payments.voidPayment((await h.payments.authorize(wallet012("3.00"))).id ?? ""),
      ),
    ).toEqual({
      status: 409,
      reason: "INVALID_STATE",
    });
  });
});

describe("declines (the sandbox's rule: cents of 13, or the card 4000000000000002)", () => {
  it("answers 201 with DECLINED for a decline amount, with only the self link", async () => {
    const declined = await h.payments.authorize(wallet012("10.13", "decline-amount"));
    expect(declined.status).toBe("DECLINED");
    expect(declined.processorInformation?.responseCode).toBe("05");
    expect(declined._links).toEqual({
      self: { href: `/pts/v2/payments/${declined.id}`, method: "GET" },
    });
    expect(unknownData(declined)?.fields["errorInformation"]).toEqual({
      reason: "PROCESSOR_DECLINED",
      message: "Declined by the sandbox's decline rule.",
    });
    expect((await declined.refresh())["status"]).toBe("DECLINED");
    expect(await rejection(h.payments.capture(declined.id ?? ""))).toEqual({
      status: 409,
      reason: "INVALID_STATE",
    });
  });

  it("declines the decline card, in an authorization and a sale", async () => {
    expect(
      (await h.payments.authorize(cardPayment("10.00", DECLINE_CARD, "decline-card"))).status,
    ).toBe("DECLINED");
    expect((await h.payments.sale(cardPayment("10.00", DECLINE_CARD, "decline-card"))).status).toBe(
      "DECLINED",
    );
    expect((await h.payments.authorize(cardPayment("10.14", VISA, "not-declined"))).status).toBe(
      "AUTHORIZED",
    );
  });
});

describe("unknown ids and REST credentials", () => {
  it("answers 404 for unknown payments, reversals and captures", async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => h.payments.getPayment("1234"),
      () => h.payments.getReversal("1234"),
      () => h.payments.getCapture("1234"),
      () => h.payments.capture("1234"),
      () =>
        h.payments.reverse("1234", {
          reversalInformation: { amountDetails: { totalAmount: "1.00" } },
        }),
      () => h.payments.voidPayment("1234"),
      () => h.payments.voidCapture("1234"),
    ];
    for (const call of calls) {
      expect((await rejection(call())).status).toBe(404);
    }
  });

  it("accepts any REST caller by default; with requireMerchantHeader, only the merchant's signer", async () => {
    const strict = await startHarness({ requireMerchantHeader: true });
    try {
      const unsigned = createPaymentsClient({ baseUrl: strict.sandbox.url, retry: NO_RETRY });
      expect(await rejection(unsigned.authorize(wallet012("1.00")))).toEqual({
        status: 401,
        reason: "UNAUTHORIZED",
      });
      const other = createPaymentsClient({
        baseUrl: strict.sandbox.url,
        retry: NO_RETRY,
        signer: createHttpSignatureSigner({
          merchantId: "someone-else",
          keyId: "k",
          sharedSecretBase64: "c2VjcmV0",
        }),
      });
      expect((await rejection(other.authorize(wallet012("1.00")))).status).toBe(401);
      const signed = createPaymentsClient({
        baseUrl: strict.sandbox.url,
        retry: NO_RETRY,
        signer: createHttpSignatureSigner({
          merchantId: strict.sandbox.merchant,
          keyId: "k",
          sharedSecretBase64: "c2VjcmV0",
        }),
      });
      expect((await signed.authorize(wallet012("1.00"))).status).toBe("AUTHORIZED");
    } finally {
      await strict.close();
    }
  });
});
