/** A wallet authorization request and the canned answer of the service, as the benchmarks use them. */
import type { Wallet012Input } from "../../generated/payments/index.js";

/** Deterministic Base64 text of `bytes` bytes, standing in for an encrypted wallet payload. */
function walletPayload(bytes: number): string {
  const raw = new Uint8Array(bytes);
  let x = 0x2545f491;
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    raw[i] = x & 0xff;
  }
  return Buffer.from(raw).toString("base64");
}

/** What a caller gives for a wallet flow 012 authorization (the service decrypts a ~1 KB payload). */
export const wallet012Input: Wallet012Input = {
  clientReferenceInformation: { code: "TC50171_3" },
  paymentInformation: { fluidData: { value: walletPayload(768) } },
  orderInformation: {
    amountDetails: { totalAmount: "102.21", currency: "USD" },
    billTo: {
      firstName: "Jane",
      lastName: "Doe",
      address1: "1 Market St",
      locality: "San Francisco",
      administrativeArea: "CA",
      postalCode: "94105",
      country: "US",
      email: "jane.doe@example.com",
    },
  },
};

/** The service's answer to an authorization: every documented field, as the service writes it. */
export const authorizationResponseBody = JSON.stringify({
  _links: {
    authReversal: { method: "POST", href: "/pts/v2/payments/6461731521426399003473/reversals" },
    self: { method: "GET", href: "/pts/v2/payments/6461731521426399003473" },
    capture: { method: "POST", href: "/pts/v2/payments/6461731521426399003473/captures" },
  },
  clientReferenceInformation: { code: "TC50171_3" },
  id: "6461731521426399003473",
  orderInformation: { amountDetails: { authorizedAmount: "102.21", currency: "USD" } },
  paymentAccountInformation: { card: { type: "001" } },
  paymentInformation: { tokenizedCard: { type: "001" }, card: { type: "001" } },
  pointOfSaleInformation: { terminalId: "111111" },
  processingInformation: { paymentSolution: "012" },
  processorInformation: {
    approvalCode: "888888",
    networkTransactionId: "123456789619999",
    transactionId: "123456789619999",
    responseCode: "100",
    avs: { code: "X", codeRaw: "I1" },
  },
  reconciliationId: "68450467YGMSJY18",
  status: "AUTHORIZED",
  submitTimeUtc: "2024-06-03T17:00:52Z",
});
