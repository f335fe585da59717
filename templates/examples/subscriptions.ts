import { ApiError, createSubscriptionsClient } from "paygen-clients/subscriptions";

// The service address and namespace are not shown by the documents: both are configuration.
const client = createSubscriptionsClient({
  endpoint: process.env.SOAP_ENDPOINT ?? "http://127.0.0.1:4010/soap",
  namespace: process.env.SOAP_NAMESPACE ?? "urn:paygen:sandbox:subscriptions:v1",
  credentials: {
    name: process.env.MERCHANT_LOGIN_NAME ?? "sandbox-merchant",
    transactionKey: process.env.TRANSACTION_KEY ?? "sandbox-transaction-key",
  },
});

try {
  const created = await client.arbCreateSubscription({
    subscription: {
      name: "Monthly plan",
      paymentSchedule: {
        interval: { length: 1, unit: "months" },
        startDate: "2026-12-01",
        totalOccurrences: 12,
      },
      amount: "19.99", // a Decimal: always a string, never a float
      payment: {
        creditCard: { cardNumber: "4111111111111111", expirationDate: "2030-12", cardCode: "123" },
      },
      billTo: { firstName: "Ada", lastName: "Lovelace" },
    },
  });
  console.log("subscription", created.subscriptionId); // a Long: a string of digits
  const status = await client.arbGetSubscriptionStatus({ subscriptionId: created.subscriptionId });
  console.log("status", status.status);
} catch (error) {
  if (error instanceof ApiError)
    console.error(error.messages); // resultCode Error, with its messages
  else throw error;
}
