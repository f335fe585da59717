/**
 * The `onUnknown` client option: what a newer service's additions become in
 * a result, through the generated clients over real HTTP.
 */
import { describe, expect, it } from "vitest";
import {
  createSubscriptionsClient,
  ParseError,
  unknownData,
  type SubscriptionsClientOptions,
} from "../../generated/subscriptions/index.js";
import {
  rejectsWith,
  respond,
  startRecordingServer,
  useRecordingServers,
  type RecordingServer,
} from "../helpers/http-server.js";

const NS = "urn:example:unknown-data";
const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const statusEnvelope = (extra: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body><ARBGetSubscriptionStatusResponse xmlns="${NS}"><ARBGetSubscriptionStatusResult><resultCode>Ok</resultCode><messages><MessagesTypeMessage><code>I00001</code><text>Successful.</text></MessagesTypeMessage></messages>${extra}<status>active</status></ARBGetSubscriptionStatusResult></ARBGetSubscriptionStatusResponse></soap:Body></soap:Envelope>`;
const NEWER = "<loyaltyTier>gold</loyaltyTier>";

useRecordingServers();

function soapClient(server: RecordingServer, extra: Partial<SubscriptionsClientOptions> = {}) {
  return createSubscriptionsClient({
    endpoint: `${server.origin}/soap`,
    namespace: NS,
    credentials: { name: "m", transactionKey: "k" },
    ...extra,
  });
}

describe("onUnknown: what a newer service's additions become", () => {
  it("ignore (the default): an element the schema does not name is dropped, the result keeps its type", async () => {
    const server = await startRecordingServer([respond.xml(200, statusEnvelope(NEWER))]);
    const result = await soapClient(server).arbGetSubscriptionStatus({ subscriptionId: "100" });
    expect(result).toEqual({
      resultCode: "Ok",
      messages: [{ code: "I00001", text: "Successful." }],
      status: "active",
    });
    expect(unknownData(result)).toBeUndefined();
  });

  it("keep: the element is kept beside the result, not in it", async () => {
    const server = await startRecordingServer([respond.xml(200, statusEnvelope(NEWER))]);
    const result = await soapClient(server, { onUnknown: "keep" }).arbGetSubscriptionStatus({
      subscriptionId: "100",
    });
    expect(result.status).toBe("active");
    expect(Object.keys(result)).not.toContain("loyaltyTier");
    expect(JSON.stringify(unknownData(result))).toContain("loyaltyTier");
  });

  it("reject: the element is a ParseError naming where it was", async () => {
    const server = await startRecordingServer([respond.xml(200, statusEnvelope(NEWER))]);
    const error = await rejectsWith(
      soapClient(server, { onUnknown: "reject" }).arbGetSubscriptionStatus({
        subscriptionId: "100",
      }),
      ParseError,
    );
    expect(error.message).toContain("loyaltyTier");
  });
});
