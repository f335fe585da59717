/**
 * Server text that echoes secrets: a SOAP Fault string, the messages of a
 * resultCode Error, an HTTP error body that repeats the request. None of the
 * sensitive values the call sent, nor those the response holds in its
 * sensitive fields, may reach an error's message, stack, inspect or JSON
 * output, or a hook's view. The body as the service sent it stays reachable
 * through `unredactedBody()`, which nothing prints.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  HttpStatusError,
  SoapFaultError,
  createSubscriptionsClient,
  type SubscriptionsClientOptions,
} from "../../generated/subscriptions/index.js";
import {
  HttpStatusError as RestHttpStatusError,
  buildWallet001MerchantDecryptionCard002Request,
  buildWallet012Request,
  createPaymentsClient,
} from "../../generated/payments/index.js";
import { createSearchClient } from "../../generated/search/index.js";
import {
  expectNoneOf,
  hookRecorder,
  hookViews,
  printed,
  type HookRecorder,
} from "../helpers/secret-views.js";
import {
  useRecordingServers,
  rejectsWith,
  respond,
  startRecordingServer,
  type RecordingServer,
} from "../helpers/http-server.js";

const NS = "urn:example:paygen:subscriptions:v1";
const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const CREDENTIALS = { name: "merchant-login-7", transactionKey: "TK-9f8e7d6c5b4a" };
const CARD = "4111111111119876";
const CARD_CODE = "7373";
const ROUTING = "021000021";
const ACCOUNT = "000123456789";
const PAYLOAD = "eyJ3YWxsZXQiOiJ0b2tlbi1kYXRhLVdBTExFVC1TRUNSRVQifQ==";
const CRYPTOGRAM = "AceY+igABPs3jdwNaDg3MAACAAA=";

/** Every secret the tests send, and the first twelve digits of the card number (which a mask never shows). */
const SECRETS = [
  CARD,
  CARD.slice(0, 12),
  CARD_CODE,
  ROUTING,
  ACCOUNT,
  PAYLOAD,
  CRYPTOGRAM,
  CREDENTIALS.transactionKey,
];

const envelope = (body: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const resultEnvelope = (operation: string, content: string): string =>
  envelope(
    `<${operation}Response xmlns="${NS}"><${operation}Result>${content}</${operation}Result></${operation}Response>`,
  );

useRecordingServers();

function soapClient(server: RecordingServer, extra: Partial<SubscriptionsClientOptions> = {}) {
  return createSubscriptionsClient({
    endpoint: server.origin,
    namespace: NS,
    credentials: CREDENTIALS,
    ...extra,
  });
}

function expectNoSecrets(texts: Record<string, string>): void {
  expectNoneOf(SECRETS, texts);
}

function expectViewsClean(hooks: HookRecorder): void {
  expect(hooks.responses.length).toBeGreaterThan(0);
  expectNoSecrets(hookViews(hooks));
}

const profileRequest = {
  profile: {
    merchantCustomerId: "M-1",
    paymentProfiles: [
      {
        customerType: "individual" as const,
        payment: {
          creditCard: { cardNumber: CARD, expirationDate: "2030-12", cardCode: CARD_CODE },
        },
      },
      {
        customerType: "business" as const,
        payment: {
          bankAccount: { routingNumber: ROUTING, accountNumber: ACCOUNT, nameOnAccount: "Ada" },
        },
      },
    ],
  },
  validationMode: "testMode" as const,
};

describe("SOAP: server text that echoes the request's secrets", () => {
  it("a SOAP Fault whose faultstring and detail repeat the card, card code, key, routing and account numbers", async () => {
    const echo = `card ${CARD} code ${CARD_CODE} key ${CREDENTIALS.transactionKey} routing ${ROUTING} account ${ACCOUNT}`;
    const fault = envelope(
      `<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server was unable to read request: ${echo}</faultstring><detail><echo>${echo}</echo><spaced>4111 1111 1111 9876</spaced><dashed>4111-1111-1111-9876</dashed></detail></soap:Fault>`,
    );
    const server = await startRecordingServer([respond.xml(500, fault)]);
    const hooks = hookRecorder();
    const error = await rejectsWith(
      soapClient(server, hooks).createCustomerProfile(profileRequest),
      SoapFaultError,
    );

    expect(error.faultCode).toBe("soap:Client");
    expect(error.faultString).toContain(
      "Server was unable to read request: card \u20269876 code [redacted] key [redacted]",
    );
    expect(error.message).toContain("SOAP fault soap:Client: Server was unable to read request");
    expectNoSecrets({
      ...printed(error),
      faultString: error.faultString,
      detail: JSON.stringify(error.detail),
    });
    expectViewsClean(hooks);
    expect(hooks.responses[0]!.body).toContain("Server was unable to read request");
    // The raw body is there for whoever asks for it by name.
    expect(error.unredactedBody()).toBe(fault);
    expect(Object.keys(error)).not.toContain("unredactedBody");
  });

  it("an Error result whose messages repeat the request's card number and the transaction key", async () => {
    const answer = resultEnvelope(
      "CreateCustomerProfile",
      `<resultCode>Error</resultCode><messages><MessagesTypeMessage><code>E00027</code><text>Card ${CARD} declined for merchant key ${CREDENTIALS.transactionKey}.</text></MessagesTypeMessage><MessagesTypeMessage><code>E00114</code><text>Account ${ACCOUNT} at ${ROUTING} is closed.</text></MessagesTypeMessage></messages><customerPaymentProfileIdList/><customerShippingAddressIdList/><validationDirectResponseList><string>1,1,1,declined,${CARD},${CARD_CODE}</string></validationDirectResponseList>`,
    );
    const server = await startRecordingServer([respond.xml(200, answer)]);
    const hooks = hookRecorder();
    const error = await rejectsWith(
      soapClient(server, hooks).createCustomerProfile(profileRequest),
      ApiError,
    );

    expect(error.messages).toEqual([
      { code: "E00027", text: "Card \u20269876 declined for merchant key [redacted]." },
      { code: "E00114", text: "Account \u20266789 at [redacted] is closed." },
    ]);
    expect(error.message).toBe(
      "CreateCustomerProfile answered resultCode Error: E00027 Card \u20269876 declined for merchant key [redacted].; E00114 Account \u20266789 at [redacted] is closed.",
    );
    expectNoSecrets(printed(error));
    expectViewsClean(hooks);
    expect(error.unredactedBody()).toBe(answer);
  });

  it('in onApiError: "result" mode the outcome and its error print without the secrets', async () => {
    const answer = resultEnvelope(
      "CreateCustomerProfile",
      `<resultCode>Error</resultCode><messages><MessagesTypeMessage><code>E00027</code><text>Card ${CARD} declined.</text></MessagesTypeMessage></messages>`,
    );
    const server = await startRecordingServer([respond.xml(200, answer)]);
    const outcome = await createSubscriptionsClient({
      endpoint: server.origin,
      namespace: NS,
      credentials: CREDENTIALS,
      onApiError: "result",
    }).createCustomerProfile(profileRequest);
    if (outcome.ok) throw new Error("expected an error outcome");
    expectNoSecrets({ outcome: inspect(outcome, { depth: 20 }), ...printed(outcome.error) });
    // The caller's own result keeps what the service said.
    expect(outcome.result.messages?.[0]?.text).toBe(`Card ${CARD} declined.`);
  });

  it("an Error result holding a full card number in a masked field: that number is scrubbed from the messages too", async () => {
    const other = "5500005555555559";
    const answer = resultEnvelope(
      "GetCustomerPaymentProfile",
      `<resultCode>Error</resultCode><messages><MessagesTypeMessage><code>E00040</code><text>Profile with card ${other} is locked.</text></MessagesTypeMessage></messages><paymentProfile><customerProfileId>1</customerProfileId><customerPaymentProfileId>2</customerPaymentProfileId><payment><creditCard><cardNumber>${other}</cardNumber></creditCard></payment></paymentProfile>`,
    );
    const server = await startRecordingServer([respond.xml(200, answer)]);
    const hooks = hookRecorder();
    const error = await rejectsWith(
      soapClient(server, hooks).getCustomerPaymentProfile({
        customerProfileId: "1",
        customerPaymentProfileId: "2",
        unmaskExpirationDate: false,
      }),
      ApiError,
    );
    expect(error.message).toBe(
      "GetCustomerPaymentProfile answered resultCode Error: E00040 Profile with card \u20265559 is locked.",
    );
    for (const [where, text] of Object.entries({
      ...printed(error),
      ...Object.fromEntries(hooks.responses.map((v, i) => [`view ${i}`, v.body])),
    })) {
      expect(text, where).not.toContain(other);
      expect(text, where).not.toContain(CREDENTIALS.transactionKey);
    }
  });

  it("an HTTP 500 page that repeats the request envelope", async () => {
    const page = (request: string) =>
      `<html><body><h1>Internal error</h1><pre>${request.replace(/</g, "&lt;")}</pre><p>raw: ${CARD} / ${ACCOUNT}</p></body></html>`;
    const server = await startRecordingServer((request) => respond.html(500, page(request.body)));
    const hooks = hookRecorder();
    const error = await rejectsWith(
      soapClient(server, hooks).createCustomerProfile(profileRequest),
      HttpStatusError,
    );
    expect(error.status).toBe(500);
    expect(typeof error.body).toBe("string");
    expect(error.body as string).toContain("Internal error");
    expectNoSecrets({ ...printed(error), body: String(error.body) });
    expectViewsClean(hooks);
    expect(error.unredactedBody()).toContain(CARD);
  });
});

describe("REST: error bodies that echo the request's secrets", () => {
  it("a 400 JSON body repeating the wallet payload is scrubbed in the error and the hook view", async () => {
    const server = await startRecordingServer((request) =>
      respond.json(400, {
        status: "INVALID_REQUEST",
        message: `fluidData.value ${PAYLOAD} is not valid`,
        request: JSON.parse(request.body) as unknown,
      }),
    );
    const hooks = hookRecorder();
    const client = createPaymentsClient({ baseUrl: server.origin, ...hooks });
    const error = await rejectsWith(
      client.authorize(
        buildWallet012Request({
          clientReferenceInformation: { code: "ORDER-1" },
          paymentInformation: { fluidData: { value: PAYLOAD } },
          orderInformation: {
            amountDetails: { totalAmount: "10.00", currency: "USD" },
            billTo: {
              firstName: "Ada",
              lastName: "Lovelace",
              address1: "1 Main St",
              locality: "Town",
              administrativeArea: "CA",
              postalCode: "94000",
              country: "US",
              email: "ada@example.test",
            },
          },
        }),
      ),
      RestHttpStatusError,
    );
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({
      status: "INVALID_REQUEST",
      message: "fluidData.value [redacted] is not valid",
    });
    expectNoSecrets({ ...printed(error), body: JSON.stringify(error.body) });
    expectViewsClean(hooks);
    expect(error.unredactedBody()).toContain(PAYLOAD);
  });

  it("a 502 text body repeating a token number and a cryptogram", async () => {
    const server = await startRecordingServer([
      respond.raw(502, `upstream rejected number=${CARD} cryptogram=${CRYPTOGRAM}`, "text/plain"),
    ]);
    const hooks = hookRecorder();
    const client = createPaymentsClient({ baseUrl: server.origin, ...hooks });
    const request = buildWallet001MerchantDecryptionCard002Request({
      clientReferenceInformation: { code: "ORDER-2" },
      paymentInformation: {
        tokenizedCard: {
          type: "002",
          number: CARD,
          expirationMonth: "12",
          expirationYear: "2031",
          cryptogram: CRYPTOGRAM,
        },
      },
      consumerAuthenticationInformation: { ucafAuthenticationData: CRYPTOGRAM },
      orderInformation: {
        amountDetails: { totalAmount: "5.00", currency: "EUR" },
        billTo: {
          firstName: "Ada",
          lastName: "Lovelace",
          address1: "1 Main St",
          locality: "Town",
          administrativeArea: "CA",
          postalCode: "94000",
          country: "US",
          email: "ada@example.test",
        },
      },
    });
    const error = await rejectsWith(client.authorize(request), RestHttpStatusError);
    expect(error.body).toBe("upstream rejected number=\u20269876 cryptogram=[redacted]");
    expectNoSecrets({ ...printed(error), body: String(error.body) });
    expectViewsClean(hooks);
  });

  it("a card number echoed with spaces or dashes is recognised by its digits", async () => {
    const searchHost = await startRecordingServer([]);
    const testHost = await startRecordingServer([
      respond.json(422, {
        message: "card 4111 1111 1111 9876 (4111-1111-1111-9876) is already enrolled",
      }),
    ]);
    const hooks = hookRecorder();
    const client = createSearchClient({
      searchUrl: searchHost.origin,
      testBaseUrl: testHost.origin,
      ...hooks,
    });
    const error = await rejectsWith(
      client.createInstrumentIdentifier({
        type: "enrollable card",
        card: { number: CARD, expirationMonth: "12", expirationYear: "2031" },
      }),
      RestHttpStatusError,
    );
    expect(error.body).toEqual({ message: "card \u20269876 (\u20269876) is already enrolled" });
    const spaced = ["4111 1111 1111", "4111-1111-1111"];
    for (const [where, text] of Object.entries({
      ...printed(error),
      body: JSON.stringify(error.body),
      views: JSON.stringify(hooks.responses),
    })) {
      for (const secret of [...SECRETS, ...spaced])
        expect(text, `${where} shows ${secret}`).not.toContain(secret);
    }
  });
});
