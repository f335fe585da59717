/** An ARBGetSubscriptionList request and a response envelope holding a page of subscriptions. */
import type { ARBGetSubscriptionListRequest } from "../../generated/subscriptions/index.js";

export const SOAP_NAMESPACE = "urn:example:soap:v1";

export const subscriptionListRequest: ARBGetSubscriptionListRequest = {
  merchantAuthentication: { name: "merchant-1", transactionKey: "7xK2pQ9wT4vB8mZ3" },
  clientId: "bench-client",
  request: {
    searchType: "subscriptionActive",
    sorting: { orderBy: "id", orderDescending: false },
    paging: { limit: 20, offset: 1 },
  },
};

function detail(i: number): string {
  const id = 100000 + i;
  return (
    `<subscriptionDetail>` +
    `<id>${id}</id><name>Monthly plan ${i}</name><status>active</status>` +
    `<createTimeStampUTC>2024-01-${String((i % 28) + 1).padStart(2, "0")}T10:15:30.123Z</createTimeStampUTC>` +
    `<firstName>First${i}</firstName><lastName>Last&amp;Co ${i}</lastName>` +
    `<totalOccurrences>12</totalOccurrences><pastOccurrences>${i % 12}</pastOccurrences>` +
    `<paymentMethod>creditCard</paymentMethod><accountNumber>XXXX${String(1000 + i)}</accountNumber>` +
    `<invoice>INV-${id}</invoice><amount>${(10 + i).toFixed(2)}</amount><currencyCode>USD</currencyCode>` +
    `<customerProfileId>${500000 + i}</customerProfileId>` +
    `<customerPaymentProfileId>${600000 + i}</customerPaymentProfileId>` +
    `<customerShippingProfileId>${700000 + i}</customerShippingProfileId>` +
    `</subscriptionDetail>`
  );
}

/** A SOAP 1.1 ARBGetSubscriptionListResponse with `count` subscriptionDetail entries, written as a typical service does. */
export function subscriptionListResponse(count: number): string {
  const details = Array.from({ length: count }, (_, i) => detail(i + 1)).join("");
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<soap:Body><ARBGetSubscriptionListResponse xmlns="${SOAP_NAMESPACE}"><ARBGetSubscriptionListResult>` +
    `<resultCode>Ok</resultCode><messages><MessagesTypeMessage><code>I00001</code><text>Successful.</text></MessagesTypeMessage></messages>` +
    `<totalNumInResultSet>${count}</totalNumInResultSet>` +
    `<subscriptionDetails>${details}</subscriptionDetails>` +
    `</ARBGetSubscriptionListResult></ARBGetSubscriptionListResponse></soap:Body></soap:Envelope>`
  );
}
