/**
 * Example: with the generated clients, against a running sandbox
 * (`npm run sandbox`), create a recurring subscription, then authorize and
 * capture a wallet payment, printing what each step answered.
 *
 *   npm run example
 *
 * Settings (environment): SANDBOX_URL (default http://127.0.0.1:4010),
 * SANDBOX_MERCHANT and SANDBOX_KEY (default: the sandbox's default merchant).
 */
import { buildWallet012Request, createPaymentsClient } from "../generated/payments/index.js";
import { TransportError } from "../generated/runtime/errors.js";
import { createSubscriptionsClient } from "../generated/subscriptions/index.js";

const url = (process.env["SANDBOX_URL"] ?? "http://127.0.0.1:4010").replace(/\/+$/, "");
const credentials = {
  name: process.env["SANDBOX_MERCHANT"] ?? "sandbox-merchant",
  transactionKey: process.env["SANDBOX_KEY"] ?? "sandbox-transaction-key",
};

/** The first day of next month (UTC), `YYYY-MM-DD`. */
function firstOfNextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 10);
}

async function main(): Promise<void> {
  const subscriptions = createSubscriptionsClient({
    endpoint: `${url}/soap`,
    // The documents show only a placeholder namespace; the sandbox accepts any.
    namespace: "urn:example:subscriptions:v1",
    credentials,
  });
  const payments = createPaymentsClient({ baseUrl: url });

  const created = await subscriptions.arbCreateSubscription({
    subscription: {
      name: "Example monthly plan",
      paymentSchedule: {
        interval: { length: 1, unit: "months" },
        startDate: firstOfNextMonth(),
        totalOccurrences: 12,
      },
      amount: "19.99",
      payment: {
        creditCard: {
          cardNumber: "4111111111111111",
          expirationDate: `${new Date().getUTCFullYear() + 4}-12`,
        },
      },
      billTo: { firstName: "Ada", lastName: "Lovelace" },
    },
  });
  console.log(`subscription ${created.subscriptionId} created (${created.resultCode})`);
  const status = await subscriptions.arbGetSubscriptionStatus({
    subscriptionId: created.subscriptionId,
  });
  console.log(`subscription ${created.subscriptionId} status: ${status.status}`);

  const authorization = await payments.authorize(
    buildWallet012Request({
      clientReferenceInformation: { code: "example-order-1" },
      paymentInformation: { fluidData: { value: "eyJleGFtcGxlIjoid2FsbGV0IHBheWxvYWQifQ==" } },
      orderInformation: {
        amountDetails: { totalAmount: "42.00", currency: "USD" },
        billTo: {
          firstName: "Ada",
          lastName: "Lovelace",
          address1: "12 Analytical Row",
          locality: "London",
          administrativeArea: "LND",
          postalCode: "N1 9GU",
          country: "GB",
          email: "ada@example.com",
        },
      },
    }),
  );
  console.log(
    `payment ${authorization.id}: ${authorization.status}, authorized ${authorization.orderInformation?.amountDetails?.authorizedAmount} ${authorization.orderInformation?.amountDetails?.currency}`,
  );
  console.log(`  links: ${Object.keys(authorization._links ?? {}).join(", ")}`);

  const capture = await authorization.capture({
    orderInformation: { amountDetails: { totalAmount: "42.00", currency: "USD" } },
  });
  console.log(
    `capture ${capture.id}: ${capture.status}, ${capture.orderInformation?.amountDetails?.totalAmount} ${capture.orderInformation?.amountDetails?.currency}`,
  );
  const payment = await authorization.refresh();
  console.log(`payment ${authorization.id} now reads: ${String(payment["status"])}`);
}

main().catch((error: unknown) => {
  if (error instanceof TransportError) {
    console.error(
      `no sandbox answered at ${url}: start one first with \`npm run sandbox\` (or set SANDBOX_URL)`,
    );
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exitCode = 1;
});
