/**
 * Behaviour of the generated payments REST client against a real HTTP server:
 * request and response bodies, status handling, the retry rules (a payment is
 * never sent twice once it may have reached the service), signing, hooks and
 * timeouts.
 */
import { describe, expect, it, vi } from "vitest";
import {
  HttpStatusError,
  ParseError,
  TransportError,
  ValidationError,
  buildWallet001MerchantDecryptionCard002Request,
  buildSaleRequest,
  unknownData,
  buildWallet012Request,
  createPaymentsClient,
  type PaymentsClientOptions,
  type SaleRequest,
  type Wallet012Input,
} from "../../generated/payments/index.js";
import type {
  RedactedRequestView,
  RedactedResponseView,
  SigningRequest,
} from "../../generated/runtime/http/hooks.js";
import type { RetryInfo } from "../../generated/runtime/http/retry.js";
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

const PAYLOAD = "eyJ3YWxsZXQiOiJ0b2tlbi1kYXRhLVdBTExFVC1TRUNSRVQifQ==";
const TOKEN_NUMBER = "4111111111111111";
const CRYPTOGRAM = "AceY+igABPs3jdwNaDg3MAACAAA=";
const ID = "6899916537706036604951";

const billTo = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "12 St James's Square",
  locality: "London",
  administrativeArea: "LDN",
  postalCode: "SW1Y 4JH",
  country: "GB",
  email: "ada@example.test",
};

const walletInput: Wallet012Input = {
  clientReferenceInformation: { code: "ORDER-1" },
  paymentInformation: { fluidData: { value: PAYLOAD } },
  orderInformation: { amountDetails: { totalAmount: "102.21", currency: "USD" }, billTo },
};

/** An authorization response as the gateway documents it (every amount a string). */
const authorization = {
  _links: {
    authReversal: { method: "POST", href: `/pts/v2/payments/${ID}/reversals` },
    self: { method: "GET", href: `/pts/v2/payments/${ID}` },
    capture: { method: "POST", href: `/pts/v2/payments/${ID}/captures` },
  },
  clientReferenceInformation: { code: "ORDER-1" },
  id: ID,
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
  reconciliationId: "67332614ZG4G0C8R",
  status: "AUTHORIZED",
  submitTimeUtc: "2030-06-10T14:22:33Z",
};

const paymentDetails = {
  id: ID,
  status: "AUTHORIZED",
  orderInformation: { amountDetails: { authorizedAmount: "102.21" } },
};

/** Short retry waits: the rules are the documented ones, only the timing is shortened. */
const FAST_RETRY = { baseDelayMs: 10, maxDelayMs: 50, jitter: () => 0.5 } as const;

useRecordingServers();

function serve(script: Script): Promise<RecordingServer> {
  return startRecordingServer(script);
}

function payments(server: RecordingServer, extra: Partial<PaymentsClientOptions> = {}) {
  return createPaymentsClient({ baseUrl: server.origin, retry: FAST_RETRY, ...extra });
}

describe("sale: the client sends processingInformation.capture = true itself (document 001: true makes the request a sale)", () => {
  const card: SaleRequest = {
    clientReferenceInformation: { code: "SALE-1" },
    paymentInformation: {
      card: { number: TOKEN_NUMBER, expirationMonth: "12", expirationYear: "2031", type: "001" },
    },
    orderInformation: { amountDetails: { totalAmount: "10.00", currency: "USD" }, billTo },
  };

  it("a request without capture goes out with capture true, and the caller's object is left as it was", async () => {
    const server = await serve([respond.json(201, authorization)]);
    await payments(server).sale(card);
    expect(JSON.parse(server.requests[0]!.body).processingInformation).toEqual({ capture: true });
    expect(card.processingInformation).toBeUndefined();
  });

  it("a request that already says capture true goes out as given", async () => {
    const server = await serve([respond.json(201, authorization)]);
    await payments(server).sale(buildSaleRequest("wallet012", walletInput));
    expect(JSON.parse(server.requests[0]!.body).processingInformation).toEqual({
      capture: true,
      paymentSolution: "012",
    });
  });

  it("capture false is a compile error, and at run time a ValidationError before anything is sent", async () => {
    const server = await serve([]);
    const authorizationOnly = { ...card, processingInformation: { capture: false } };
    // @ts-expect-error a sale cannot say capture false: that request would be an authorization
    const error = await rejectsWith(payments(server).sale(authorizationOnly), ValidationError);
    expect(error.issues).toEqual([
      {
        path: "processingInformation.capture",
        code: "const",
        message: "must be true: the sale operation always sends it",
      },
    ]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("payments client: successful calls", () => {
  it("authorize posts the flow's JSON and returns the parsed response with exact amount strings", async () => {
    const server = await serve([respond.json(201, authorization)]);
    const result = await payments(server).authorize(buildWallet012Request(walletInput));

    expect(result).toEqual(authorization);
    expect(result.id).toBe(ID);
    expect(result.orderInformation?.amountDetails?.authorizedAmount).toBe("102.21");
    expect(result.status).toBe("AUTHORIZED");

    expect(server.requests).toHaveLength(1);
    const seen = server.requests[0]!;
    expect(seen.method).toBe("POST");
    expect(seen.path).toBe("/pts/v2/payments");
    expect(seen.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(seen.headers["accept"]).toBe("application/json");
    expect(JSON.parse(seen.body)).toEqual({
      clientReferenceInformation: { code: "ORDER-1" },
      processingInformation: { paymentSolution: "012" },
      paymentInformation: { fluidData: { value: PAYLOAD, encoding: "Base64" } },
      orderInformation: { amountDetails: { totalAmount: "102.21", currency: "USD" }, billTo },
    });
    expect(seen.body).toContain('"totalAmount":"102.21"');
  });

  it("keeps amounts with trailing zeros and 64-bit-sized digits exactly", async () => {
    const body = {
      ...authorization,
      orderInformation: {
        amountDetails: {
          authorizedAmount: "100.10",
          totalAmount: "12345678901234567890.00",
          currency: "JPY",
        },
      },
    };
    const server = await serve([respond.json(200, body)]);
    const result = await payments(server).sale(buildSaleRequest("wallet012", walletInput));
    expect(result.orderInformation?.amountDetails).toEqual({
      authorizedAmount: "100.10",
      totalAmount: "12345678901234567890.00",
      currency: "JPY",
    });
  });

  it("a 201 whose body says DECLINED resolves: the caller reads the status", async () => {
    const declined = {
      id: "6899916537706036604952",
      status: "DECLINED",
      errorInformation: {
        reason: "PROCESSOR_DECLINED",
        message: "Decline - General decline of the card.",
      },
      processorInformation: { responseCode: "005" },
    };
    const server = await serve([respond.json(201, declined)]);
    const result = await payments(server).authorize(buildWallet012Request(walletInput));
    expect(result.status).toBe("DECLINED");
    expect(result.processorInformation?.responseCode).toBe("005");
    // errorInformation is not documented: kept beside the typed value.
    const { errorInformation, ...documented } = declined;
    expect(result).toEqual(documented);
    expect(unknownData(result)?.fields).toEqual({ errorInformation });
    expect(server.requests).toHaveLength(1);
  });

  it("joins a base URL that has a path, and encodes path parameters", async () => {
    const server = await serve([
      respond.json(200, paymentDetails),
      respond.json(200, paymentDetails),
    ]);
    const client = createPaymentsClient({ baseUrl: `${server.origin}/gateway/` });
    await client.getPayment(ID);
    await client.getPayment("a/../b?c");
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /gateway/pts/v2/payments/${ID}`,
      "GET /gateway/pts/v2/payments/a%2F..%2Fb%3Fc",
    ]);
    expect(server.requests[0]!.body).toBe("");
    expect(server.requests[0]!.headers["content-type"]).toBeUndefined();
  });

  it("rejects an invalid request or an empty id with ValidationError and sends nothing", async () => {
    const server = await serve([respond.json(201, authorization)]);
    const client = payments(server);
    const amount = await rejectsWith(
      client.authorize({ orderInformation: { amountDetails: { totalAmount: "ten dollars" } } }),
      ValidationError,
    );
    expect(amount.issues.map((i) => i.path)).toEqual([
      "orderInformation.amountDetails.totalAmount",
    ]);
    // The method must return a rejected promise, not throw before returning one.
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = client.getPayment("");
    }).not.toThrow();
    const emptyId = await rejectsWith(pending!, ValidationError);
    expect(emptyId.issues).toEqual([
      { path: "id", code: "required", message: "is required in the path" },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.requests).toHaveLength(0);
  });

  it.each([".", "..", "%2e", "%2e%2E", ".%2E", "%252e%252e"])(
    "refuses the path parameter %j (a dot segment would leave the path) and sends nothing",
    async (id) => {
      const server = await serve([respond.json(200, paymentDetails)]);
      const error = await rejectsWith(payments(server).getPayment(id), ValidationError);
      expect(error.issues).toEqual([
        {
          path: "id",
          code: "format",
          message: 'cannot be a dot segment ("." or "..") in the path',
        },
      ]);
      expect(server.requests).toHaveLength(0);
    },
  );

  it("keeps dots that are not a whole segment: ids like '...' and 'a..b' are sent encoded", async () => {
    const server = await serve([
      respond.json(200, paymentDetails),
      respond.json(200, paymentDetails),
    ]);
    const client = payments(server);
    await client.getPayment("...");
    await client.getPayment("a..b");
    expect(server.requests.map((r) => r.path)).toEqual([
      "/pts/v2/payments/...",
      "/pts/v2/payments/a..b",
    ]);
  });
});

describe("payments client: statuses and bodies", () => {
  it.each([
    [404, { message: "not found" }],
    [429, { message: "slow down" }],
    [500, { message: "internal" }],
  ])(
    "an answer %i to authorize is an HttpStatusError with the parsed body, sent once",
    async (status, body) => {
      const server = await serve([
        respond.json(status, body, status === 429 ? { "retry-after": "0" } : {}),
      ]);
      const error = await rejectsWith(
        payments(server).authorize(buildWallet012Request(walletInput)),
        HttpStatusError,
      );
      expect(error.status).toBe(status);
      // The payments document gives no meaning for these statuses.
      expect(error.meaning).toBeUndefined();
      expect(error.message).toBe(`HTTP ${status}`);
      expect(error.body).toEqual(body);
      expect(error.retryAfterMs).toBe(status === 429 ? 0 : undefined);
      expect(server.requests).toHaveLength(1);
    },
  );

  it("an error page that is not JSON is kept as text in the error body", async () => {
    const server = await serve([
      respond.html(503, "<html><body>Service Unavailable</body></html>"),
    ]);
    const error = await rejectsWith(
      payments(server).capture(ID, {
        orderInformation: { amountDetails: { totalAmount: "1.00", currency: "USD" } },
      }),
      HttpStatusError,
    );
    expect(error.status).toBe(503);
    expect(error.body).toBe("<html><body>Service Unavailable</body></html>");
    expect(server.requests).toHaveLength(1);
  });

  it("a non-JSON 200 body is a ParseError, and a GET is not retried for it", async () => {
    const server = await serve([
      respond.html(200, "<html><body>OK</body></html>"),
      respond.json(200, paymentDetails),
    ]);
    const error = await rejectsWith(payments(server).getPayment(ID), ParseError);
    expect(error.format).toBe("json");
    expect(error.failure).toBe("not-json");
    expect(server.requests).toHaveLength(1);
  });

  it("a truncated JSON 201 body is a ParseError malformed", async () => {
    const server = await serve([
      respond.raw(201, '{"id":"1","status":"AUTHOR', "application/json"),
    ]);
    const error = await rejectsWith(
      payments(server).authorize(buildWallet012Request(walletInput)),
      ParseError,
    );
    expect(error.failure).toBe("malformed");
  });

  it("an empty 200 body is a ParseError empty", async () => {
    const server = await serve([respond.empty(200)]);
    const error = await rejectsWith(
      payments(server).authorize(buildWallet012Request(walletInput)),
      ParseError,
    );
    expect(error.failure).toBe("empty");
  });

  it("a body over maxResponseBytes is a too-large TransportError", async () => {
    const server = await serve([
      respond.json(200, { ...paymentDetails, padding: "x".repeat(5_000) }),
    ]);
    const error = await rejectsWith(
      payments(server, { maxResponseBytes: 1_000 }).getPayment(ID),
      TransportError,
    );
    expect(error.failure).toBe("too-large");
    expect(server.requests).toHaveLength(1);
  });
});

describe("payments client: retries", () => {
  it("a payment POST answered 500 is not retried", async () => {
    const server = await serve([
      respond.json(500, { message: "boom" }),
      respond.json(201, authorization),
    ]);
    const retries: RetryInfo[] = [];
    const error = await rejectsWith(
      payments(server, { onRetry: (info) => retries.push(info) }).authorize(
        buildWallet012Request(walletInput),
      ),
      HttpStatusError,
    );
    expect(error.status).toBe(500);
    expect(retries).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(server.requests).toHaveLength(1);
  });

  it("a payment POST whose connection is reset after the request arrived is not retried", async () => {
    const server = await serve([respond.reset(), respond.json(201, authorization)]);
    const error = await rejectsWith(
      payments(server).authorize(buildWallet012Request(walletInput)),
      TransportError,
    );
    expect(error.failure).toBe("network");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(server.requests).toHaveLength(1);
  });

  it("reverse and capture POSTs answered 502 are not retried either", async () => {
    const server = await serve([
      respond.json(502, {}),
      respond.json(502, {}),
      respond.json(201, {}),
    ]);
    const client = payments(server);
    await rejectsWith(
      client.reverse(ID, { reversalInformation: { amountDetails: { totalAmount: "102.21" } } }),
      HttpStatusError,
    );
    await rejectsWith(
      client.capture(ID, {
        orderInformation: { amountDetails: { totalAmount: "102.21", currency: "USD" } },
      }),
      HttpStatusError,
    );
    expect(server.requests.map((r) => r.path)).toEqual([
      `/pts/v2/payments/${ID}/reversals`,
      `/pts/v2/payments/${ID}/captures`,
    ]);
  });

  it("a payment POST to a refused port is retried: nothing was sent", async () => {
    const port = await closedPort();
    const retries: RetryInfo[] = [];
    const client = createPaymentsClient({
      baseUrl: `http://127.0.0.1:${port}`,
      retry: { ...FAST_RETRY, maxAttempts: 2 },
      onRetry: (info) => retries.push(info),
    });
    const error = await rejectsWith(
      client.authorize(buildWallet012Request(walletInput)),
      TransportError,
    );
    expect(error.failure).toBe("network");
    expect(retries.map((r) => r.reason)).toEqual(["network"]);
  });

  it("the same 500 on an idempotent GET is retried and then succeeds", async () => {
    const server = await serve([
      respond.json(500, { message: "boom" }),
      respond.json(200, paymentDetails),
    ]);
    const retries: RetryInfo[] = [];
    const result = await payments(server, { onRetry: (info) => retries.push(info) }).getPayment(ID);
    expect(result).toEqual(paymentDetails);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /pts/v2/payments/${ID}`,
      `GET /pts/v2/payments/${ID}`,
    ]);
    expect(retries.map((r) => [r.attempt, r.reason, r.delayMs])).toEqual([[1, "server-error", 5]]);
    expect(retries[0]!.error).toBeInstanceOf(HttpStatusError);
  });

  it("a reset on an idempotent GET is retried and then succeeds", async () => {
    const server = await serve([respond.reset(), respond.json(200, paymentDetails)]);
    const result = await payments(server).getCapture("cap-1");
    expect(result).toEqual(paymentDetails);
    expect(server.requests.map((r) => r.path)).toEqual([
      "/pts/v2/captures/cap-1",
      "/pts/v2/captures/cap-1",
    ]);
  });

  it("a GET gives up after maxAttempts tries and rejects with the last failure", async () => {
    const server = await serve([
      respond.json(503, { n: 1 }),
      respond.json(503, { n: 2 }),
      respond.json(503, { n: 3 }),
      respond.json(200, paymentDetails),
    ]);
    const error = await rejectsWith(
      payments(server, { retry: { ...FAST_RETRY, maxAttempts: 3 } }).getReversal("rev-1"),
      HttpStatusError,
    );
    expect(error.status).toBe(503);
    expect(error.body).toEqual({ n: 3 });
    expect(server.requests).toHaveLength(3);
  });
});

describe("payments client: signer", () => {
  it("adds the signer's headers to every attempt, signing the body exactly as sent", async () => {
    const server = await serve([
      respond.json(503, {}),
      respond.json(502, {}),
      respond.json(200, paymentDetails),
    ]);
    const signed: SigningRequest[] = [];
    const client = payments(server, {
      signer: (request) => {
        signed.push(request);
        return {
          "v-c-merchant-id": "merchant-1",
          signature: `keyid="k1", signature="sig-${signed.length}"`,
          Accept: "application/hal+json",
        };
      },
    });
    await client.getPayment(ID);
    expect(server.requests.map((r) => r.headers["signature"])).toEqual([
      'keyid="k1", signature="sig-1"',
      'keyid="k1", signature="sig-2"',
      'keyid="k1", signature="sig-3"',
    ]);
    expect(server.requests.every((r) => r.headers["v-c-merchant-id"] === "merchant-1")).toBe(true);
    // A signer header replaces the client's header of the same name, whatever its case.
    expect(server.requests.every((r) => r.headers["accept"] === "application/hal+json")).toBe(true);
    expect(signed.map((s) => `${s.method} ${s.url}`)).toEqual(
      Array(3).fill(`GET ${server.origin}/pts/v2/payments/${ID}`),
    );
  });

  it("gives the signer the body the server receives", async () => {
    const server = await serve([respond.json(201, authorization)]);
    const bodies: (string | Uint8Array | undefined)[] = [];
    await payments(server, {
      signer: async (request) => {
        bodies.push(request.body);
        return { digest: `len=${request.body?.length ?? 0}` };
      },
    }).authorize(buildWallet012Request(walletInput));
    expect(bodies).toEqual([server.requests[0]!.body]);
    expect(server.requests[0]!.headers["digest"]).toBe(`len=${server.requests[0]!.body.length}`);
  });

  it("a signer that throws rejects the call unchanged and sends nothing", async () => {
    const server = await serve([respond.json(201, authorization)]);
    const failure = new Error("no key");
    const error = await rejectsWith(
      payments(server, {
        signer: () => {
          throw failure;
        },
      }).authorize(buildWallet012Request(walletInput)),
      Error,
    );
    expect(error).toBe(failure);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.requests).toHaveLength(0);
  });
});

describe("payments client: hooks", () => {
  it("request and response hooks see a redacted wallet request while the server receives the payload", async () => {
    const server = await serve([
      respond.json(201, authorization, { "set-cookie": "sid=abc", "x-request-id": "req-1" }),
    ]);
    const requests: RedactedRequestView[] = [];
    const responses: RedactedResponseView[] = [];
    await payments(server, {
      signer: () => ({ signature: "sig-secret", "x-api-key": "api-key-secret" }),
      sensitiveHeaders: ["X-Api-Key"],
      onRequest: [(view) => void requests.push(view)],
      onResponse: [(view) => void responses.push(view)],
    }).authorize(buildWallet012Request(walletInput));

    expect(server.requests[0]!.body).toContain(PAYLOAD);
    expect(server.requests[0]!.headers["signature"]).toBe("sig-secret");
    expect(server.requests[0]!.headers["x-api-key"]).toBe("api-key-secret");

    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${server.origin}/pts/v2/payments`);
    expect(request.body).not.toContain(PAYLOAD);
    expect(JSON.parse(request.body)).toEqual({
      clientReferenceInformation: { code: "ORDER-1" },
      processingInformation: { paymentSolution: "012" },
      paymentInformation: { fluidData: { value: "[redacted]", encoding: "Base64" } },
      orderInformation: { amountDetails: { totalAmount: "102.21", currency: "USD" }, billTo },
    });
    expect(request.headers["signature"]).toBe("[redacted]");
    expect(request.headers["x-api-key"]).toBe("[redacted]");
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");

    expect(responses).toHaveLength(1);
    const response = responses[0]!;
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toEqual(authorization);
    expect(response.headers["set-cookie"]).toBe("[redacted]");
    expect(response.headers["x-request-id"]).toBe("req-1");
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("hooks never see the token number or the cryptogram of a merchant-decryption request", async () => {
    const server = await serve([respond.json(201, authorization)]);
    const seen: string[] = [];
    const request = buildWallet001MerchantDecryptionCard002Request({
      clientReferenceInformation: { code: "ORDER-2" },
      paymentInformation: {
        tokenizedCard: {
          type: "002",
          number: TOKEN_NUMBER,
          expirationMonth: "12",
          expirationYear: "2031",
          cryptogram: CRYPTOGRAM,
        },
      },
      consumerAuthenticationInformation: { ucafAuthenticationData: CRYPTOGRAM },
      orderInformation: { amountDetails: { totalAmount: "5.00", currency: "EUR" }, billTo },
    });
    await payments(server, { onRequest: [(view) => void seen.push(view.body)] }).authorize(request);

    const wire = JSON.parse(server.requests[0]!.body) as {
      paymentInformation: { tokenizedCard: unknown };
      consumerAuthenticationInformation: unknown;
    };
    expect(wire.paymentInformation.tokenizedCard).toEqual({
      type: "002",
      number: TOKEN_NUMBER,
      expirationMonth: "12",
      expirationYear: "2031",
      cryptogram: CRYPTOGRAM,
      transactionType: "1",
    });
    expect(wire.consumerAuthenticationInformation).toEqual({
      ucafAuthenticationData: CRYPTOGRAM,
      ecommerceIndicator: "internet",
      ucafCollectionIndicator: "2",
    });

    expect(seen).toHaveLength(1);
    const logged = JSON.parse(seen[0]!) as typeof wire;
    expect(seen[0]).not.toContain(TOKEN_NUMBER);
    expect(seen[0]).not.toContain(CRYPTOGRAM);
    expect(seen[0]).not.toContain(TOKEN_NUMBER.slice(0, 8));
    expect(logged.paymentInformation.tokenizedCard).toEqual({
      type: "002",
      number: "\u20261111",
      expirationMonth: "12",
      expirationYear: "2031",
      cryptogram: "[redacted]",
      transactionType: "1",
    });
    expect(logged.consumerAuthenticationInformation).toEqual({
      ucafAuthenticationData: "[redacted]",
      ecommerceIndicator: "internet",
      ucafCollectionIndicator: "2",
    });
  });

  it("each retry of a GET is shown to the hooks, and a failed answer's unparsable body is redacted", async () => {
    const server = await serve([
      respond.html(500, "<html>oops</html>"),
      respond.json(200, paymentDetails),
    ]);
    const requests: RedactedRequestView[] = [];
    const responses: RedactedResponseView[] = [];
    await payments(server, {
      onRequest: [(v) => void requests.push(v)],
      onResponse: [(v) => void responses.push(v)],
    }).getPayment(ID);
    expect(requests.map((r) => `${r.method} ${r.body}`)).toEqual(["GET ", "GET "]);
    expect(responses.map((r) => [r.status, r.body])).toEqual([
      [500, "[redacted]"],
      [200, JSON.stringify(paymentDetails)],
    ]);
  });
});

describe("payments client: timeouts and aborts", () => {
  it("a server that never answers a payment makes the call reject at timeoutMs, without a retry (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await serve([respond.hang(), respond.json(201, authorization)]);
      const pending = payments(server, { timeoutMs: 150 }).authorize(
        buildWallet012Request(walletInput),
      );
      const state = tracked(pending);
      await server.waitForRequests(1);
      vi.advanceTimersByTime(149);
      await settleIo();
      expect(state.settled()).toBe(false);
      vi.advanceTimersByTime(1);
      const error = await rejectsWith(pending, TransportError);
      expect(error.failure).toBe("timeout");
      // However long one waits, the payment is not sent again.
      vi.advanceTimersByTime(60_000);
      await settleIo();
      expect(server.requests).toHaveLength(1);
    }));

  it("a body that stalls after its first chunk times out too (per-call timeoutMs, fake timers)", () =>
    withFakeTimers(async () => {
      const server = await serve([
        respond.stall(200, '{"id":"68999165377', { "content-type": "application/json" }),
      ]);
      const headers = signal();
      const client = payments(server, {
        retry: { maxAttempts: 1 },
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          headers.resolve();
          return response;
        },
      });
      const pending = client.getPayment(ID, { timeoutMs: 120 });
      const state = tracked(pending);
      await headers.promise;
      vi.advanceTimersByTime(119);
      await settleIo();
      expect(state.settled()).toBe(false);
      vi.advanceTimersByTime(1);
      const error = await rejectsWith(pending, TransportError);
      expect(error.failure).toBe("timeout");
    }));

  it("a slow answer within timeoutMs succeeds; one that comes after it is a timeout (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await serve([
        respond.delayed(60, respond.json(200, paymentDetails)),
        respond.delayed(400, respond.json(201, authorization)),
      ]);
      const client = payments(server, { timeoutMs: 150 });
      const details = client.getPayment(ID, { timeoutMs: 2_000 });
      await server.waitForRequests(1);
      vi.advanceTimersByTime(60);
      await expect(details).resolves.toEqual(paymentDetails);
      const pending = client.authorize(buildWallet012Request(walletInput));
      const state = tracked(pending);
      await server.waitForRequests(2);
      vi.advanceTimersByTime(149);
      await settleIo();
      expect(state.settled()).toBe(false);
      // At 150 ms the answer, due at 400 ms, has not come: the call is a timeout.
      vi.advanceTimersByTime(1);
      const error = await rejectsWith(pending, TransportError);
      expect(error.failure).toBe("timeout");
      expect(server.requests).toHaveLength(2);
    }));

  it("a connection reset after a delay on a GET is retried", async () => {
    const server = await serve([respond.reset(40), respond.json(200, paymentDetails)]);
    await expect(payments(server).getPayment(ID)).resolves.toEqual(paymentDetails);
    expect(server.requests).toHaveLength(2);
  });

  it("a timed-out GET is retried only after the whole backoff ceiling (fake timers)", () =>
    withFakeTimers(
      async () => {
        const server = await serve([respond.hang(), respond.json(200, paymentDetails)]);
        const retries: RetryInfo[] = [];
        const retrying = signal();
        // When the client sent each attempt, on the fake clock.
        const sentAt: number[] = [];
        const result = payments(server, {
          timeoutMs: 100,
          retry: { baseDelayMs: 40, jitter: () => 0 },
          onRequest: [() => void sentAt.push(Date.now())],
          onRetry: (info) => {
            retries.push(info);
            retrying.resolve();
          },
        }).getPayment(ID);
        await server.waitForRequests(1);
        vi.advanceTimersByTime(100); // the first attempt times out
        await retrying.promise;
        vi.advanceTimersByTime(39);
        await settleIo();
        expect(server.requests).toHaveLength(1);
        vi.advanceTimersByTime(1);
        await expect(result).resolves.toEqual(paymentDetails);
        expect(retries.map((r) => [r.reason, r.delayMs])).toEqual([["timeout", 40]]);
        expect(server.requests).toHaveLength(2);
        expect(sentAt.map((t) => t - sentAt[0]!)).toEqual([0, 100 + 40]);
      },
      { date: true },
    ));

  it("aborting during a retry wait ends the call at once (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await serve([respond.json(503, {}), respond.json(200, paymentDetails)]);
      const controller = new AbortController();
      const retrying = signal<RetryInfo>();
      const client = payments(server, {
        retry: { baseDelayMs: 10_000, maxDelayMs: 10_000, jitter: () => 1 },
        onRetry: (info) => retrying.resolve(info),
      });
      const pending = client.getPayment(ID, { signal: controller.signal });
      const state = tracked(pending);
      const info = await Promise.race([
        retrying.promise,
        pending.then(
          () => undefined,
          () => undefined,
        ),
      ]);
      expect(info?.delayMs).toBe(10_000);
      await settleIo();
      expect(state.settled()).toBe(false); // waiting the 10 s
      controller.abort(new Error("shutdown"));
      await settleIo();
      // Settled with the clock never advanced: the wait ended at once.
      expect(state.settled()).toBe(true);
      const error = await rejectsWith(pending, TransportError);
      expect(error.failure).toBe("abort");
      expect(server.requests).toHaveLength(1);
    }));

  it("an abort while the request is in flight rejects with an abort TransportError", async () => {
    const server = await serve([respond.hang()]);
    const controller = new AbortController();
    const pending = payments(server).authorize(buildWallet012Request(walletInput), {
      signal: controller.signal,
    });
    await server.waitForRequests(1);
    controller.abort();
    const error = await rejectsWith(pending, TransportError);
    expect(error.failure).toBe("abort");
    expect(server.requests).toHaveLength(1);
  });
});
