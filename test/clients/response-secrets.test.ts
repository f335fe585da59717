/**
 * Sensitive values in responses: a server is free to answer with a card
 * number in full where the documents promise a masked one, or to echo back
 * what the request sent. The caller's result keeps every value as received;
 * response hooks and util.inspect only ever see a redacted copy.
 */
import { unknownData } from "../../generated/runtime/read-options.js";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  createSubscriptionsClient,
  type SubscriptionsClientOptions,
} from "../../generated/subscriptions/index.js";
import { createSearchClient } from "../../generated/search/index.js";
import type { RedactedResponseView } from "../../generated/runtime/http/hooks.js";
import {
  useRecordingServers,
  respond,
  startRecordingServer,
  type RecordingServer,
} from "../helpers/http-server.js";

const NS = "urn:example:paygen:subscriptions:v1";
const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const CREDENTIALS = { name: "merchant-login-7", transactionKey: "TK-9f8e7d6c5b4a" };
const CARD = "4111111111119876";
const ACCOUNT = "000123456789";
const TOKEN = "TOKEN-7f6e5d4c3b2a";

const resultEnvelope = (operation: string, content: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body><${operation}Response xmlns="${NS}"><${operation}Result>${content}</${operation}Result></${operation}Response></soap:Body></soap:Envelope>`;

const OK =
  "<resultCode>Ok</resultCode><messages><MessagesTypeMessage><code>I00001</code><text>Successful.</text></MessagesTypeMessage></messages>";

/** A payment profile whose "masked" card number, account number and token are all given in full. */
const unmaskedProfile = `<paymentProfile><customerType>individual</customerType><customerProfileId>101</customerProfileId><customerPaymentProfileId>202</customerPaymentProfileId><payment><creditCard><cardNumber>${CARD}</cardNumber><expirationDate>2030-12</expirationDate><cardType>Visa</cardType></creditCard></payment></paymentProfile>`;

const secretsOf = [CARD, CARD.slice(0, 12), ACCOUNT, TOKEN, CREDENTIALS.transactionKey];

useRecordingServers();

function soapClient(server: RecordingServer, extra: Partial<SubscriptionsClientOptions> = {}) {
  return createSubscriptionsClient({
    endpoint: server.origin,
    namespace: NS,
    credentials: CREDENTIALS,
    ...extra,
  });
}

function expectNoSecret(text: string, what: string): void {
  for (const secret of secretsOf) expect(text, `${what} shows ${secret}`).not.toContain(secret);
}

describe("SOAP responses with sensitive values", () => {
  it("GetCustomerPaymentProfile answered with a full card number: the result keeps it, hooks and inspect do not show it", async () => {
    const server = await startRecordingServer([
      respond.xml(200, resultEnvelope("GetCustomerPaymentProfile", `${OK}${unmaskedProfile}`)),
    ]);
    const views: RedactedResponseView[] = [];
    const result = await soapClient(server, {
      onResponse: [(view) => void views.push(view)],
    }).getCustomerPaymentProfile({
      customerProfileId: "101",
      customerPaymentProfileId: "202",
      unmaskExpirationDate: false,
    });

    // The caller's own result is unchanged: property access and equality see the real values.
    expect(result.paymentProfile?.payment?.creditCard?.cardNumber).toBe(CARD);
    expect(result.paymentProfile?.payment?.creditCard?.cardType).toBe("Visa");
    expect(Object.keys(result)).toEqual(["resultCode", "messages", "paymentProfile"]);

    // What is logged or inspected is the redacted copy.
    const shown = inspect(result, { depth: 20 });
    expectNoSecret(shown, "inspect(result)");
    expect(shown).toContain("\u20269876");
    expect(shown).toContain("Visa");
    expectNoSecret(
      inspect({ wrapped: [result] }, { depth: 20 }),
      "inspect of a value holding the result",
    );

    expect(views).toHaveLength(1);
    expectNoSecret(views[0]!.body, "the onResponse view");
    expect(views[0]!.body).toContain("<cardNumber>\u20269876</cardNumber>");
    expect(views[0]!.body).toContain("<cardType>Visa</cardType>");
  });

  it("bank account numbers and tokens of a payment profile list are redacted for hooks and inspect", async () => {
    const item = `<paymentProfile><customerPaymentProfileId>7</customerPaymentProfileId><customerProfileId>8</customerProfileId><payment><bankAccount><accountType>checking</accountType><nameOnAccount>Ada</nameOnAccount><routingNumber>XXXX0021</routingNumber><accountNumber>${ACCOUNT}</accountNumber></bankAccount></payment></paymentProfile>`;
    const tokenItem = `<paymentProfile><customerPaymentProfileId>9</customerPaymentProfileId><customerProfileId>8</customerProfileId><payment><tokenInformation><tokenSource>wallet</tokenSource><tokenNumber>${TOKEN}</tokenNumber></tokenInformation></payment></paymentProfile>`;
    const server = await startRecordingServer([
      respond.xml(
        200,
        resultEnvelope(
          "GetCustomerPaymentProfileList",
          `${OK}<paymentProfiles>${item}${tokenItem}</paymentProfiles><totalNumInResultSet>2</totalNumInResultSet>`,
        ),
      ),
    ]);
    const views: RedactedResponseView[] = [];
    const result = await soapClient(server, {
      onResponse: [(view) => void views.push(view)],
    }).getCustomerPaymentProfileList({
      getCustomerPaymentProfileListRequestType: {
        searchType: "cardsExpiringInMonth",
        month: "2030-12",
      },
    });
    expect(result.paymentProfiles?.[0]?.payment?.bankAccount?.accountNumber).toBe(ACCOUNT);
    expect(result.paymentProfiles?.[1]?.payment?.tokenInformation?.tokenNumber).toBe(TOKEN);
    expectNoSecret(inspect(result, { depth: 20 }), "inspect(result)");
    expect(views).toHaveLength(1);
    expectNoSecret(views[0]!.body, "the onResponse view");
  });

  it('in onApiError: "result" mode the outcome prints redacted, and its result keeps the values', async () => {
    const server = await startRecordingServer([
      respond.xml(200, resultEnvelope("GetCustomerPaymentProfile", `${OK}${unmaskedProfile}`)),
    ]);
    const outcome = await createSubscriptionsClient({
      endpoint: server.origin,
      namespace: NS,
      credentials: CREDENTIALS,
      onApiError: "result",
    }).getCustomerPaymentProfile({
      customerProfileId: "101",
      customerPaymentProfileId: "202",
      unmaskExpirationDate: false,
    });
    if (!outcome.ok) throw new Error("expected a successful outcome");
    expect(outcome.result.paymentProfile?.payment?.creditCard?.cardNumber).toBe(CARD);
    expectNoSecret(inspect(outcome, { depth: 20 }), "inspect(outcome)");
  });
});

describe("REST responses that echo a sensitive request value", () => {
  it("an instrument identifier answered with the card number it was sent: the result keeps it, hooks and inspect do not show it", async () => {
    const searchHost = await startRecordingServer([]);
    const testHost = await startRecordingServer([
      respond.json(201, {
        id: "7010000000016241111",
        card: { number: CARD, expirationMonth: "12" },
        note: `created for ${CARD}`,
      }),
    ]);
    const views: RedactedResponseView[] = [];
    const client = createSearchClient({
      searchUrl: searchHost.origin,
      testBaseUrl: testHost.origin,
      onResponse: [(view) => void views.push(view)],
    });
    const result = await client.createInstrumentIdentifier({
      type: "enrollable card",
      card: { number: CARD, expirationMonth: "12", expirationYear: "2031" },
    });

    expect((unknownData(result)?.fields["card"] as { number: string }).number).toBe(CARD);
    expect(unknownData(result)?.fields["id"]).toBe("7010000000016241111");
    expectNoSecret(inspect(result, { depth: 20 }), "inspect(result)");
    // What the documents do not show is kept beside the result; inspecting it scrubs the request's secrets too.
    const shown = inspect(unknownData(result), { depth: 20 });
    expectNoSecret(shown, "inspect(unknownData(result))");
    expect(shown).toContain("7010000000016241111");
    expect(views).toHaveLength(1);
    expectNoSecret(views[0]!.body, "the onResponse view");
    expect(JSON.parse(views[0]!.body)).toEqual({
      id: "7010000000016241111",
      card: { number: "\u20269876", expirationMonth: "12" },
      note: "created for \u20269876",
    });
  });
});
