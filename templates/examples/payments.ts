import {
  buildWallet012Request,
  createPaymentsClient,
  HttpStatusError,
} from "paygen-clients/payments";

// Request authentication is not shown by the documents: pass a `signer`, e.g. createHttpSignatureSigner
// from "paygen-clients/http-signature" (the HTTP-signature scheme the gateway publishes).
const payments = createPaymentsClient({
  baseUrl: process.env.PAYMENTS_BASE_URL ?? "http://127.0.0.1:4010",
});

// The flow builder fills in the documented constants (paymentSolution 012, encoding Base64).
const request = buildWallet012Request({
  clientReferenceInformation: { code: "order-1001" },
  orderInformation: {
    amountDetails: { totalAmount: "102.21", currency: "USD" },
    billTo: {
      firstName: "Ada",
      lastName: "Lovelace",
      address1: "1 Main St",
      locality: "Springfield",
      administrativeArea: "CA",
      postalCode: "94000",
      country: "US",
      email: "ada@example.test",
    },
  },
  paymentInformation: { fluidData: { value: "eyJ3YWxsZXQiOiJwYXlsb2FkIn0=" } },
});

try {
  const authorization = await payments.authorize(request);
  // A 2xx answer is not a success by itself: check the status and the processor's response code.
  if (authorization.status !== "AUTHORIZED") {
    console.log("declined", authorization.status, authorization.processorInformation?.responseCode);
  } else {
    const capture = await authorization.capture({
      clientReferenceInformation: { code: "order-1001" },
      orderInformation: { amountDetails: { totalAmount: "102.21", currency: "USD" } },
    });
    console.log("capture", capture.id, capture.status); // PENDING: funds move in two to four days
  }
} catch (error) {
  if (error instanceof HttpStatusError) console.error(error.status, error.meaning);
  else throw error;
}
