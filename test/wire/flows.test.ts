import { describe, expect, it } from "vitest";
import { parsePaymentResponse, ValidationError } from "../../generated/payments/index.js";
import * as flows from "../../generated/payments/flows.js";

const billTo = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Main St",
  locality: "Town",
  administrativeArea: "CA",
  postalCode: "94000",
  country: "US",
  email: "ada@example.test",
};
const amount = { totalAmount: "102.21", currency: "USD" };
const token = {
  number: "4111111111111111",
  expirationMonth: "12",
  expirationYear: "2031",
  cryptogram: "AceY+igABPs3jdwNaDg3MAACAAA=",
};

function issuesOf(f: () => unknown): { path: string; code: string }[] {
  try {
    f();
  } catch (error) {
    if (error instanceof ValidationError)
      return error.issues.map((i) => ({ path: i.path, code: i.code }));
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("wallet flow builders fill the documented constants", () => {
  it("012 with service decryption", () => {
    const request = flows.buildWallet012Request({
      orderInformation: { amountDetails: amount, billTo },
      paymentInformation: { fluidData: { value: "eyJhIjoxfQ==" } },
    });
    expect(request.processingInformation?.paymentSolution).toBe("012");
    expect(request.paymentInformation?.fluidData?.encoding).toBe("Base64");
    expect(request.orderInformation?.amountDetails?.totalAmount).toBe("102.21");
  });

  it("001 with service decryption: the fixed descriptor, transactionType 1", () => {
    const request = flows.buildWallet001ServiceDecryptionRequest({
      clientReferenceInformation: { code: "order-1" },
      orderInformation: { amountDetails: amount, billTo },
      paymentInformation: { card: { type: "001" }, fluidData: { value: "eyJhIjoxfQ==" } },
    });
    expect(request.paymentInformation?.fluidData?.descriptor).toBe(
      "RklEPUNPTU1PTi5BUFBMRS5JTkFQUC5QQVlNRU5U",
    );
    expect(request.paymentInformation?.tokenizedCard?.transactionType).toBe("1");
    expect(request.processingInformation?.paymentSolution).toBe("001");
  });

  it("001 with service decryption takes either reading of the card type, exactly one of them", () => {
    const base = {
      clientReferenceInformation: { code: "order-1" },
      orderInformation: { amountDetails: amount, billTo },
    };
    const listed = flows.buildWallet001ServiceDecryptionRequest({
      ...base,
      paymentInformation: { card: { type: "001" }, fluidData: { value: "eyJhIjoxfQ==" } },
    });
    expect(listed.paymentInformation?.card?.type).toBe("001");
    const example = flows.buildWallet001ServiceDecryptionRequest({
      ...base,
      paymentInformation: { tokenizedCard: { type: "001" }, fluidData: { value: "eyJhIjoxfQ==" } },
    });
    expect(example.paymentInformation?.tokenizedCard?.type).toBe("001");
    expect(example.paymentInformation?.card).toBeUndefined();
    expect(
      issuesOf(() =>
        flows.buildWallet001ServiceDecryptionRequest({
          ...base,
          paymentInformation: { fluidData: { value: "eyJhIjoxfQ==" } },
        }),
      ),
    ).toContainEqual({ path: "paymentInformation.card.type", code: "required" });
    expect(
      issuesOf(() =>
        flows.buildWallet001ServiceDecryptionRequest({
          ...base,
          paymentInformation: {
            card: { type: "001" },
            tokenizedCard: { type: "001" },
            fluidData: { value: "eyJhIjoxfQ==" },
          },
        }),
      ),
    ).toContainEqual({ path: "paymentInformation.tokenizedCard.type", code: "choice" });
  });

  it("001 with merchant decryption, card type 002: internet, ucafCollectionIndicator 2, commerceIndicator spa", () => {
    const request = flows.buildWallet001MerchantDecryptionCard002Request({
      clientReferenceInformation: { code: "order-2" },
      consumerAuthenticationInformation: { ucafAuthenticationData: token.cryptogram },
      orderInformation: { amountDetails: amount, billTo },
      paymentInformation: { tokenizedCard: { ...token, type: "002" } },
    });
    expect(request.consumerAuthenticationInformation?.ecommerceIndicator).toBe("internet");
    expect(request.consumerAuthenticationInformation?.ucafCollectionIndicator).toBe("2");
    expect(request.processingInformation?.commerceIndicator).toBe("spa");
    expect(request.paymentInformation?.tokenizedCard?.transactionType).toBe("1");
  });

  it("001 with merchant decryption, card type 001: cavv and the wallet's indicator, commerceIndicator internet", () => {
    const request = flows.buildWallet001MerchantDecryptionCard001Request({
      clientReferenceInformation: { code: "order-3" },
      consumerAuthenticationInformation: { cavv: token.cryptogram, ecommerceIndicator: "vbv" },
      orderInformation: { amountDetails: amount, billTo },
      paymentInformation: { tokenizedCard: { ...token, type: "001" } },
    });
    expect(request.consumerAuthenticationInformation?.ecommerceIndicator).toBe("vbv");
    expect(request.processingInformation?.commerceIndicator).toBe("internet");
  });

  it("sale: capture true on top of any wallet flow", () => {
    const request = flows.buildSaleRequest("wallet012", {
      orderInformation: { amountDetails: amount, billTo },
      paymentInformation: { fluidData: { value: "eyJhIjoxfQ==" } },
    });
    expect(request.processingInformation?.capture).toBe(true);
    expect(request.processingInformation?.paymentSolution).toBe("012");
  });

  it("a caller cannot override a constant, and missing required fields are all listed", () => {
    const request = flows.buildWallet012Request({
      orderInformation: { amountDetails: amount, billTo },
      paymentInformation: { fluidData: { value: "eyJhIjoxfQ==" } },
      // A wrong value smuggled past the types is replaced by the documented constant.
      processingInformation: { paymentSolution: "999" } as never,
    });
    expect(request.processingInformation?.paymentSolution).toBe("012");
    const issues = issuesOf(() =>
      flows.buildWallet012Request({
        orderInformation: { amountDetails: { totalAmount: "1.00" }, billTo: {} },
        paymentInformation: { fluidData: {} },
      } as never),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "orderInformation.amountDetails.currency", code: "required" },
        { path: "orderInformation.billTo.email", code: "required" },
        { path: "paymentInformation.fluidData.value", code: "required" },
      ]),
    );
  });

  it("the flow validators check a request built by hand against the required-field table", () => {
    const bad = flows.validateWallet001ServiceDecryption({
      processingInformation: { paymentSolution: "012" },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.issues).toContainEqual({
        path: "processingInformation.paymentSolution",
        code: "const",
        message: 'must be "001" in the wallet001ServiceDecryption flow',
      });
      expect(bad.issues.map((i) => i.path)).toContain("paymentInformation.fluidData.descriptor");
    }
  });

  it("reversal: the amount is the authorization's authorizedAmount, not the amount requested", () => {
    // What the service answered, as the reader returns it.
    const authorization = parsePaymentResponse(
      JSON.stringify({
        id: "6461731521426399003473",
        status: "AUTHORIZED",
        clientReferenceInformation: { code: "order-9" },
        orderInformation: { amountDetails: { authorizedAmount: "80.00", currency: "USD" } },
      }),
    );
    const request = flows.buildReversalRequest(authorization, {});
    expect(request.reversalInformation?.amountDetails?.totalAmount).toBe("80.00");
    expect(request.orderInformation?.amountDetails?.currency).toBe("USD");
    expect(request.clientReferenceInformation?.code).toBe("order-9");
    // The input type has no amount: a caller cannot ask for another one.
    flows.buildReversalRequest(authorization, {
      // @ts-expect-error reversalInformation is not part of the reversal input
      reversalInformation: { amountDetails: { totalAmount: "102.21" } },
    });
    expect(
      issuesOf(() => flows.buildReversalRequest(parsePaymentResponse('{"id":"1"}'), {})),
    ).toContainEqual({ path: "reversalInformation.amountDetails.totalAmount", code: "required" });
  });

  it("reversal: the source is an answer; the request that was sent, or an object written by hand, is a compile error", () => {
    const sent = flows.buildWallet012Request({
      orderInformation: { amountDetails: amount, billTo },
      paymentInformation: { fluidData: { value: "eyJhIjoxfQ==" } },
    });
    // The request carries totalAmount, not the authorizedAmount the reversal must equal: refused by the compiler, and at run time.
    // @ts-expect-error a request is not an authorization response
    expect(issuesOf(() => flows.buildReversalRequest(sent, {}))).toContainEqual({
      path: "reversalInformation.amountDetails.totalAmount",
      code: "required",
    });
    const handWritten = {
      orderInformation: { amountDetails: { authorizedAmount: "102.21", currency: "USD" } },
      clientReferenceInformation: { code: "x" },
    };
    const reversal = flows.buildReversalRequest(
      // @ts-expect-error a hand-written object is not an answer the reader returned
      handWritten,
      {},
    );
    expect(reversal.reversalInformation?.amountDetails?.totalAmount).toBe("102.21");
  });
});
