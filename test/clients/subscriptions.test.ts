/**
 * Behaviour of the generated SOAP client against a real HTTP server: what the
 * server receives, how answers become typed results, and how every kind of
 * failure surfaces.
 */
import { describe, expect, it, vi } from "vitest";
import {
  ApiError,
  HttpStatusError,
  ParseError,
  SoapFaultError,
  TransportError,
  ValidationError,
  createSubscriptionsClient,
  type SubscriptionsClientOptions,
} from "../../generated/subscriptions/index.js";
import type {
  RedactedRequestView,
  RedactedResponseView,
} from "../../generated/runtime/http/hooks.js";
import { settleIo, signal, tracked, withFakeTimers } from "../helpers/fake-time.js";
import {
  useRecordingServers,
  closedPort,
  rejectsWith,
  respond,
  startRecordingServer,
  type RecordingServer,
  type Script,
} from "../helpers/http-server.js";

const NS = "urn:example:paygen:subscriptions:v1";
const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const CREDENTIALS = { name: "merchant-login-7", transactionKey: "TK-9f8e7d6c5b4a" };
const CARD = "4111111111111111";
const AUTH = `<merchantAuthentication><name>${CREDENTIALS.name}</name><transactionKey>${CREDENTIALS.transactionKey}</transactionKey></merchantAuthentication>`;

/** The request envelope the client must send around an operation element. */
const requestEnvelope = (operation: string, content: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body><${operation} xmlns="${NS}">${content}</${operation}></soap:Body></soap:Envelope>`;

const envelope = (body: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body>${body}</soap:Body></soap:Envelope>`;

/** A `<Operation>Response` envelope wrapping `<Operation>Result` with `content`. */
const resultEnvelope = (operation: string, content: string): string =>
  envelope(
    `<${operation}Response xmlns="${NS}"><${operation}Result>${content}</${operation}Result></${operation}Response>`,
  );

const OK =
  "<resultCode>Ok</resultCode><messages><MessagesTypeMessage><code>I00001</code><text>Successful.</text></MessagesTypeMessage></messages>";

useRecordingServers();

async function serve(script: Script): Promise<RecordingServer> {
  return startRecordingServer(script);
}

function client(server: RecordingServer, extra: Partial<SubscriptionsClientOptions> = {}) {
  return createSubscriptionsClient({
    endpoint: `${server.origin}/soap/v1/service.asmx`,
    namespace: NS,
    credentials: CREDENTIALS,
    ...extra,
  });
}

describe("subscriptions client: successful calls", () => {
  it("isAlive posts an envelope without credentials, with the SOAP headers, and reads the result", async () => {
    const server = await serve([respond.xml(200, resultEnvelope("IsAlive", OK))]);
    const result = await client(server).isAlive();
    expect(result).toEqual({
      resultCode: "Ok",
      messages: [{ code: "I00001", text: "Successful." }],
    });

    expect(server.requests).toHaveLength(1);
    const seen = server.requests[0]!;
    expect(seen.method).toBe("POST");
    expect(seen.path).toBe("/soap/v1/service.asmx");
    expect(seen.headers["content-type"]).toBe("text/xml; charset=utf-8");
    expect(seen.headers["soapaction"]).toBe('""');
    expect(seen.body).toBe(requestEnvelope("IsAlive", ""));
    expect(seen.body).not.toContain("merchantAuthentication");
  });

  it("sends the soapAction option's value as the SOAPAction header", async () => {
    const server = await serve([
      respond.xml(200, resultEnvelope("IsAlive", OK)),
      respond.xml(200, resultEnvelope("ARBCancelSubscription", OK)),
    ]);
    const actions: string[] = [];
    const soap = client(server, {
      soapAction: (operation) => {
        actions.push(operation);
        return `urn:example:action/${operation}`;
      },
    });
    await soap.isAlive();
    await soap.arbCancelSubscription({ subscriptionId: "42" });
    expect(actions).toEqual(["IsAlive", "ARBCancelSubscription"]);
    expect(server.requests.map((r) => r.headers["soapaction"])).toEqual([
      '"urn:example:action/IsAlive"',
      '"urn:example:action/ARBCancelSubscription"',
    ]);
  });

  it("arbCreateSubscription places merchantAuthentication first and returns the long id as a string", async () => {
    const server = await serve([
      respond.xml(
        200,
        resultEnvelope(
          "ARBCreateSubscription",
          `${OK}<subscriptionId>9007199254740993123</subscriptionId>`,
        ),
      ),
    ]);
    const result = await client(server).arbCreateSubscription({
      subscription: {
        name: "Gold plan",
        paymentSchedule: {
          interval: { length: 1, unit: "months" },
          startDate: "2030-01-15",
          totalOccurrences: 12,
        },
        amount: "19.90",
        payment: { creditCard: { cardNumber: CARD, expirationDate: "2030-12" } },
        billTo: { firstName: "Ada", lastName: "Lovelace" },
      },
      clientId: "client-1",
    });
    expect(result).toEqual({
      resultCode: "Ok",
      messages: [{ code: "I00001", text: "Successful." }],
      subscriptionId: "9007199254740993123",
    });
    expect(typeof result.subscriptionId).toBe("string");

    expect(server.requests[0]!.body).toBe(
      requestEnvelope(
        "ARBCreateSubscription",
        `${AUTH}<clientId>client-1</clientId><subscription><name>Gold plan</name><paymentSchedule><interval><length>1</length><unit>months</unit></interval><startDate>2030-01-15</startDate><totalOccurrences>12</totalOccurrences></paymentSchedule><amount>19.90</amount><payment><creditCard><cardNumber>${CARD}</cardNumber><expirationDate>2030-12</expirationDate></creditCard></payment><billTo><firstName>Ada</firstName><lastName>Lovelace</lastName></billTo></subscription>`,
      ),
    );
  });

  it("puts merchantAuthentication first in every authenticated operation", async () => {
    const answers = [
      "AuthenticateTest",
      "ARBCancelSubscription",
      "GetCustomerProfile",
      "DeleteCustomerShippingAddress",
    ].map((op) => respond.xml(200, resultEnvelope(op, OK)));
    const server = await serve(answers);
    const soap = client(server);
    await soap.authenticateTest();
    await soap.arbCancelSubscription({ subscriptionId: "5" });
    await soap.getCustomerProfile({ customerProfileId: "6" });
    await soap.deleteCustomerShippingAddress({ customerProfileId: "7", customerAddressId: "8" });
    expect(server.requests.map((r) => r.body)).toEqual([
      requestEnvelope("AuthenticateTest", AUTH),
      requestEnvelope("ARBCancelSubscription", `${AUTH}<subscriptionId>5</subscriptionId>`),
      requestEnvelope("GetCustomerProfile", `${AUTH}<customerProfileId>6</customerProfileId>`),
      requestEnvelope(
        "DeleteCustomerShippingAddress",
        `${AUTH}<customerProfileId>7</customerProfileId><customerAddressId>8</customerAddressId>`,
      ),
    ]);
  });

  it("sends no merchantAuthentication when the client has no credentials", async () => {
    const server = await serve([respond.xml(200, resultEnvelope("ARBCancelSubscription", OK))]);
    await createSubscriptionsClient({
      endpoint: server.origin,
      namespace: NS,
    }).arbCancelSubscription({ subscriptionId: "5" });
    expect(server.requests[0]!.body).toBe(
      requestEnvelope("ARBCancelSubscription", "<subscriptionId>5</subscriptionId>"),
    );
  });

  const profile = (paymentProfiles: string, shipTo: string, subscriptionIds: string): string =>
    resultEnvelope(
      "GetCustomerProfile",
      `${OK}<profile><merchantCustomerId>M-1</merchantCustomerId><email>ada@example.test</email><customerProfileId>9223372036854775807</customerProfileId>${wrap("paymentProfiles", paymentProfiles)}${wrap("shipToList", shipTo)}</profile>${subscriptionIds}`,
    );
  // The WSDL's list shape: a wrapper element whose entries are named after their type.
  const wrap = (wrapper: string, items: string): string =>
    items === "" ? "" : `<${wrapper}>${items}</${wrapper}>`;
  const paymentProfile = (id: string): string =>
    `<CustomerPaymentProfileMaskedType><customerType>individual</customerType><customerProfileId>9223372036854775807</customerProfileId><customerPaymentProfileId>${id}</customerPaymentProfileId><payment><creditCard><cardNumber>XXXX1111</cardNumber><expirationDate>XXXX</expirationDate><cardType>Visa</cardType></creditCard></payment></CustomerPaymentProfileMaskedType>`;
  const address = (id: string): string =>
    `<CustomerAddressExType><firstName>Ada</firstName><city>London</city><customerAddressId>${id}</customerAddressId></CustomerAddressExType>`;
  const masked = (id: string) => ({
    customerType: "individual",
    customerProfileId: "9223372036854775807",
    customerPaymentProfileId: id,
    payment: { creditCard: { cardNumber: "XXXX1111", expirationDate: "XXXX", cardType: "Visa" } },
  });
  const base = {
    merchantCustomerId: "M-1",
    email: "ada@example.test",
    customerProfileId: "9223372036854775807",
  };

  it("getCustomerProfile reads lists of zero entries", async () => {
    const server = await serve([respond.xml(200, profile("", "", "<subscriptionIds/>"))]);
    const result = await client(server).getCustomerProfile({
      customerProfileId: "9223372036854775807",
    });
    expect(result).toEqual({
      resultCode: "Ok",
      messages: [{ code: "I00001", text: "Successful." }],
      profile: base,
      subscriptionIds: [],
    });
    expect(result.profile?.paymentProfiles).toBeUndefined();
  });

  it("getCustomerProfile reads lists of one entry as arrays", async () => {
    const server = await serve([
      respond.xml(
        200,
        profile(
          paymentProfile("100"),
          address("200"),
          "<subscriptionIds><subscriptionId>300</subscriptionId></subscriptionIds>",
        ),
      ),
    ]);
    const result = await client(server).getCustomerProfile({
      customerProfileId: "9223372036854775807",
    });
    expect(result.profile).toEqual({
      ...base,
      paymentProfiles: [masked("100")],
      shipToList: [{ firstName: "Ada", city: "London", customerAddressId: "200" }],
    });
    expect(result.subscriptionIds).toEqual(["300"]);
  });

  it("getCustomerProfile reads lists of many entries in order", async () => {
    const server = await serve([
      respond.xml(
        200,
        profile(
          paymentProfile("101") + paymentProfile("102") + paymentProfile("103"),
          address("201") + address("202"),
          "<subscriptionIds><subscriptionId>301</subscriptionId><subscriptionId>302</subscriptionId></subscriptionIds>",
        ),
      ),
    ]);
    const result = await client(server).getCustomerProfile({ customerProfileId: "1" });
    expect(result.profile?.paymentProfiles).toEqual([masked("101"), masked("102"), masked("103")]);
    expect(result.profile?.shipToList?.map((a) => a.customerAddressId)).toEqual(["201", "202"]);
    expect(result.subscriptionIds).toEqual(["301", "302"]);
  });

  it("arbGetSubscriptionList reads ints as numbers, longs and decimals as strings", async () => {
    const detail = (id: number) =>
      `<subscriptionDetail><id>${id}</id><name>Plan ${id}</name><status>active</status><createTimeStampUTC>2030-01-15T10:00:00Z</createTimeStampUTC><totalOccurrences>12</totalOccurrences><pastOccurrences>3</pastOccurrences><paymentMethod>creditCard</paymentMethod><amount>19.90</amount><customerProfileId>77</customerProfileId><customerPaymentProfileId>78</customerPaymentProfileId><customerShippingProfileId>79</customerShippingProfileId></subscriptionDetail>`;
    const server = await serve([
      respond.xml(
        200,
        resultEnvelope(
          "ARBGetSubscriptionList",
          `${OK}<totalNumInResultSet>2</totalNumInResultSet><subscriptionDetails>${detail(1)}${detail(2)}</subscriptionDetails>`,
        ),
      ),
    ]);
    const result = await client(server).arbGetSubscriptionList({
      request: { searchType: "subscriptionActive", paging: { limit: 10, offset: 1 } },
    });
    expect(result.totalNumInResultSet).toBe(2);
    expect(result.subscriptionDetails).toHaveLength(2);
    expect(result.subscriptionDetails?.[1]).toEqual({
      id: 2,
      name: "Plan 2",
      status: "active",
      createTimeStampUTC: "2030-01-15T10:00:00Z",
      totalOccurrences: 12,
      pastOccurrences: 3,
      paymentMethod: "creditCard",
      amount: "19.90",
      customerProfileId: 77,
      customerPaymentProfileId: 78,
      customerShippingProfileId: 79,
    });
    expect(server.requests[0]!.body).toBe(
      requestEnvelope(
        "ARBGetSubscriptionList",
        `${AUTH}<request><searchType>subscriptionActive</searchType><paging><limit>10</limit><offset>1</offset></paging></request>`,
      ),
    );
  });
});

describe("subscriptions client: errors", () => {
  const errorResult = (operation: string) =>
    resultEnvelope(
      operation,
      "<resultCode>Error</resultCode><messages><MessagesTypeMessage><code>E00040</code><text>The record cannot be found.</text></MessagesTypeMessage><MessagesTypeMessage><code>E00099</code><text>Second message.</text></MessagesTypeMessage></messages>",
    );

  it("rejects with ApiError carrying the messages when resultCode is Error", async () => {
    const server = await serve([respond.xml(200, errorResult("ARBCancelSubscription"))]);
    const error = await rejectsWith(
      client(server).arbCancelSubscription({ subscriptionId: "404" }),
      ApiError,
    );
    expect(error.code).toBe("api.error");
    expect(error.operation).toBe("ARBCancelSubscription");
    expect(error.messages).toEqual([
      { code: "E00040", text: "The record cannot be found." },
      { code: "E00099", text: "Second message." },
    ]);
    expect(error.result).toEqual({ resultCode: "Error", messages: error.messages });
    expect(error.message).toBe(
      "ARBCancelSubscription answered resultCode Error: E00040 The record cannot be found.; E00099 Second message.",
    );
  });

  it('resolves to { ok: false, error } with onApiError: "result", and { ok: true, result } on success', async () => {
    const server = await serve([
      respond.xml(200, errorResult("ARBCancelSubscription")),
      respond.xml(200, resultEnvelope("ARBCancelSubscription", OK)),
    ]);
    const soap = createSubscriptionsClient({
      endpoint: server.origin,
      namespace: NS,
      credentials: CREDENTIALS,
      onApiError: "result",
    });
    const failed = await soap.arbCancelSubscription({ subscriptionId: "404" });
    expect(failed.ok).toBe(false);
    if (failed.ok) throw new Error("unreachable");
    expect(failed.error).toBeInstanceOf(ApiError);
    expect(failed.error.messages.map((m) => m.code)).toEqual(["E00040", "E00099"]);
    expect(failed.result.resultCode).toBe("Error");

    const passed = await soap.arbCancelSubscription({ subscriptionId: "405" });
    expect(passed).toEqual({
      ok: true,
      result: { resultCode: "Ok", messages: [{ code: "I00001", text: "Successful." }] },
    });
  });

  it("rejects with SoapFaultError for a SOAP Fault answered with status 500", async () => {
    const fault = envelope(
      "<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server was unable to read request.</faultstring><detail><reason>bad element</reason></detail></soap:Fault>",
    );
    const server = await serve([respond.xml(500, fault)]);
    const error = await rejectsWith(
      client(server).arbCancelSubscription({ subscriptionId: "1" }),
      SoapFaultError,
    );
    expect(error.code).toBe("soap.fault");
    expect(error.faultCode).toBe("soap:Client");
    expect(error.faultString).toBe("Server was unable to read request.");
    expect(error.detail).toEqual({ reason: "bad element" });
    expect(server.requests).toHaveLength(1);
  });

  it("rejects with HttpStatusError (not ParseError) for an HTML 502 page, keeping the page as the body", async () => {
    const page =
      "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>";
    const server = await serve([respond.html(502, page)]);
    const error = await rejectsWith(client(server).isAlive(), HttpStatusError);
    expect(error).not.toBeInstanceOf(ParseError);
    expect(error.status).toBe(502);
    expect(error.meaning).toBeUndefined();
    expect(error.body).toBe(page);
    expect(server.requests).toHaveLength(1);
  });

  it("rejects with ParseError for an HTML page answered with status 200", async () => {
    const server = await serve([respond.html(200, "<html><body>maintenance</body></html>")]);
    const error = await rejectsWith(client(server).isAlive(), ParseError);
    expect(error.format).toBe("xml");
    expect(error.failure).toBe("not-xml");
  });

  it("rejects with ParseError when the envelope holds another operation's response", async () => {
    const server = await serve([respond.xml(200, resultEnvelope("IsAlive", OK))]);
    const error = await rejectsWith(client(server).authenticateTest(), ParseError);
    expect(error.failure).toBe("unexpected-shape");
  });

  it("rejects an invalid request with ValidationError and sends nothing", async () => {
    const server = await serve([respond.xml(200, resultEnvelope("ARBCancelSubscription", OK))]);
    const soap = client(server);
    const error = await rejectsWith(
      soap.arbCancelSubscription({ subscriptionId: "not-a-number" }),
      ValidationError,
    );
    expect(error.issues.map((i) => i.path)).toEqual(["subscriptionId"]);
    const wrongEnum = await rejectsWith(
      soap.createCustomerProfile({
        validationMode: "sometimes" as "none",
        profile: { paymentProfiles: [{ payment: { creditCard: { cardNumber: CARD } } }] },
      }),
      ValidationError,
    );
    expect(wrongEnum.issues.map((i) => i.path)).toEqual(["validationMode"]);
    expect(wrongEnum.message).not.toContain(CARD);
    expect(wrongEnum.message).not.toContain(CREDENTIALS.transactionKey);
    // Give a request that was wrongly sent time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.requests).toHaveLength(0);
  });
});

describe("subscriptions client: transport failures", () => {
  it("a connection reset is a network TransportError and is not sent again", async () => {
    const server = await serve([
      respond.reset(),
      respond.xml(200, resultEnvelope("ARBCancelSubscription", OK)),
    ]);
    const error = await rejectsWith(
      client(server, { retry: { baseDelayMs: 1 } }).arbCancelSubscription({ subscriptionId: "1" }),
      TransportError,
    );
    expect(error.failure).toBe("network");
    expect(error.code).toBe("transport.network");
    expect(server.requests).toHaveLength(1);
  });

  it("a server that never answers is a timeout TransportError at timeoutMs, and not before (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await serve([respond.hang()]);
      const pending = client(server, { timeoutMs: 100 }).isAlive();
      const state = tracked(pending);
      await server.waitForRequests(1);
      vi.advanceTimersByTime(99);
      await settleIo();
      expect(state.settled()).toBe(false);
      vi.advanceTimersByTime(1);
      const error = await rejectsWith(pending, TransportError);
      expect(error.failure).toBe("timeout");
      expect(server.requests).toHaveLength(1);
    }));

  it("a body that stalls after the first chunk is a timeout too (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await serve([
        respond.stall(200, envelope(`<IsAliveResponse xmlns="${NS}"><IsAliveResult>`), {
          "content-type": "text/xml",
        }),
      ]);
      const headers = signal();
      const soap = client(server, {
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          headers.resolve();
          return response;
        },
      });
      const pending = soap.isAlive(undefined, { timeoutMs: 100 });
      const state = tracked(pending);
      await headers.promise;
      vi.advanceTimersByTime(99);
      await settleIo();
      expect(state.settled()).toBe(false);
      vi.advanceTimersByTime(1);
      const error = await rejectsWith(pending, TransportError);
      expect(error.failure).toBe("timeout");
    }));

  it("an AbortSignal in the call options aborts the call", async () => {
    const server = await serve([respond.hang()]);
    const controller = new AbortController();
    const pending = client(server).isAlive({}, { signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort(new Error("caller gave up"));
    const error = await rejectsWith(pending, TransportError);
    expect(error.failure).toBe("abort");
    expect(error.code).toBe("transport.abort");
  });

  it("a signal aborted before the call sends nothing", async () => {
    const server = await serve([respond.xml(200, resultEnvelope("IsAlive", OK))]);
    const error = await rejectsWith(
      client(server).isAlive({}, { signal: AbortSignal.abort() }),
      TransportError,
    );
    expect(error.failure).toBe("abort");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toHaveLength(0);
  });

  it("a refused connection is a network TransportError, retried because nothing was sent", async () => {
    const port = await closedPort();
    const retries: string[] = [];
    const soap = createSubscriptionsClient({
      endpoint: `http://127.0.0.1:${port}/soap`,
      namespace: NS,
      credentials: CREDENTIALS,
      retry: { maxAttempts: 3, baseDelayMs: 5 },
      onRetry: (info) => retries.push(info.reason),
    });
    const error = await rejectsWith(
      soap.arbCancelSubscription({ subscriptionId: "1" }),
      TransportError,
    );
    expect(error.failure).toBe("network");
    expect(error.message).toContain("ECONNREFUSED");
    expect(retries).toEqual(["network", "network"]);
  });
});

describe("subscriptions client: hooks", () => {
  it("the request hook sees the transaction key and card data redacted while the server receives the real values", async () => {
    const server = await serve([
      respond.xml(
        200,
        resultEnvelope(
          "CreateCustomerProfile",
          `${OK}<customerProfileId>5001</customerProfileId><customerPaymentProfileIdList><long>6001</long></customerPaymentProfileIdList><customerShippingAddressIdList/><validationDirectResponseList/>`,
        ),
      ),
    ]);
    const requests: RedactedRequestView[] = [];
    const responses: RedactedResponseView[] = [];
    const soap = client(server, {
      onRequest: [(view) => void requests.push(view)],
      onResponse: [(view) => void responses.push(view)],
    });
    const result = await soap.createCustomerProfile({
      profile: {
        merchantCustomerId: "M-1",
        paymentProfiles: [
          {
            customerType: "individual",
            payment: {
              creditCard: { cardNumber: CARD, expirationDate: "2030-12", cardCode: "737" },
            },
          },
        ],
      },
      validationMode: "testMode",
    });
    expect(result).toEqual({
      resultCode: "Ok",
      messages: [{ code: "I00001", text: "Successful." }],
      customerProfileId: "5001",
      customerPaymentProfileIdList: ["6001"],
      customerShippingAddressIdList: [],
      validationDirectResponseList: [],
    });

    const wire = server.requests[0]!.body;
    expect(wire).toBe(
      requestEnvelope(
        "CreateCustomerProfile",
        `${AUTH}<profile><merchantCustomerId>M-1</merchantCustomerId><paymentProfiles><CustomerPaymentProfileType><customerType>individual</customerType><payment><creditCard><cardNumber>${CARD}</cardNumber><expirationDate>2030-12</expirationDate><cardCode>737</cardCode></creditCard></payment></CustomerPaymentProfileType></paymentProfiles></profile><validationMode>testMode</validationMode>`,
      ),
    );

    expect(requests).toHaveLength(1);
    const seen = requests[0]!;
    expect(seen.method).toBe("POST");
    expect(seen.headers["content-type"]).toBe("text/xml; charset=utf-8");
    // Card numbers keep their last four digits; every other secret is replaced whole.
    expect(seen.body).toBe(
      requestEnvelope(
        "CreateCustomerProfile",
        `<merchantAuthentication><name>${CREDENTIALS.name}</name><transactionKey>[redacted]</transactionKey></merchantAuthentication><profile><merchantCustomerId>M-1</merchantCustomerId><paymentProfiles><CustomerPaymentProfileType><customerType>individual</customerType><payment><creditCard><cardNumber>\u20261111</cardNumber><expirationDate>2030-12</expirationDate><cardCode>[redacted]</cardCode></creditCard></payment></CustomerPaymentProfileType></paymentProfiles></profile><validationMode>testMode</validationMode>`,
      ),
    );
    expect(seen.body).not.toContain(CARD);
    expect(seen.body).not.toContain(CREDENTIALS.transactionKey);
    expect(Object.isFrozen(seen)).toBe(true);

    expect(responses).toHaveLength(1);
    expect(responses[0]!.status).toBe(200);
    expect(responses[0]!.body).toContain("<customerProfileId>5001</customerProfileId>");
  });

  it("a hook that throws does not affect the call", async () => {
    const server = await serve([respond.xml(200, resultEnvelope("IsAlive", OK))]);
    const soap = client(server, {
      onRequest: [
        () => {
          throw new Error("hook failure");
        },
      ],
      onResponse: [() => Promise.reject(new Error("async hook failure"))],
    });
    await expect(soap.isAlive()).resolves.toEqual({
      resultCode: "Ok",
      messages: [{ code: "I00001", text: "Successful." }],
    });
  });
});
