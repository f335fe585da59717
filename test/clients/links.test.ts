/**
 * Following `_links` of payment responses against a real HTTP server: the
 * client calls exactly the href the service returned, fills the reversal
 * from the authorization, keeps the methods out of JSON, and never sends
 * anything to another origin.
 */
import { describe, expect, it } from "vitest";
import {
  LinkError,
  PaygenError,
  ValidationError,
  buildWallet012Request,
  createPaymentsClient,
  type PaymentsClientOptions,
} from "../../generated/payments/index.js";
import {
  useRecordingServers,
  rejectsWith,
  respond,
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
  type ScriptedResponse,
} from "../helpers/http-server.js";

const ID = "6899916537706036604951";
/** Link targets carry ids other than the response `id`, so only following the href can reach them. */
const REVERSAL_PATH = "/pts/v2/payments/7000000000000000000001/reversals";
const CAPTURE_PATH = "/pts/v2/payments/7000000000000000000002/captures";
const SELF_PATH = "/pts/v2/payments/7000000000000000000003";
const VOID_PATH = "/pts/v2/payments/7000000000000000000004/voids";

const request = buildWallet012Request({
  clientReferenceInformation: { code: "ORDER-9" },
  paymentInformation: { fluidData: { value: "eyJ3YWxsZXQiOiJwYXlsb2FkIn0=" } },
  orderInformation: {
    // The requested amount; the service authorized less (a partial approval).
    amountDetails: { totalAmount: "150.00", currency: "EUR" },
    billTo: {
      firstName: "A",
      lastName: "B",
      address1: "1 Main St",
      locality: "Town",
      administrativeArea: "CA",
      postalCode: "94000",
      country: "US",
      email: "a@example.test",
    },
  },
});

/** Written in the order of the schema, so the body text and the JSON of the parsed result can be compared as text. */
type Links = Record<string, { href: string; method: string }>;

const authorization = (links: Links) => ({
  _links: links,
  id: ID,
  clientReferenceInformation: { code: "ORDER-9" },
  status: "AUTHORIZED",
  orderInformation: { amountDetails: { authorizedAmount: "102.21", currency: "EUR" } },
  processorInformation: { approvalCode: "888888", responseCode: "100" },
});

const standardLinks: Links = {
  authReversal: { href: REVERSAL_PATH, method: "POST" },
  capture: { href: CAPTURE_PATH, method: "POST" },
  self: { href: SELF_PATH, method: "GET" },
};

const captureBody = {
  _links: {
    void: { href: "/pts/v2/captures/8000000000000000000001/voids", method: "POST" },
    self: { href: "/pts/v2/captures/8000000000000000000001", method: "GET" },
  },
  id: "8000000000000000000001",
  status: "PENDING",
  orderInformation: { amountDetails: { totalAmount: "102.21", currency: "EUR" } },
};

useRecordingServers();

/** A server that answers by method and path, so the test sees exactly what was called. */
async function gateway(routes: Record<string, ScriptedResponse>): Promise<RecordingServer> {
  return startRecordingServer(
    (seen: RecordedRequest) =>
      routes[`${seen.method} ${seen.path}`] ??
      respond.json(404, { message: `no route ${seen.method} ${seen.path}` }),
  );
}

function client(server: RecordingServer, extra: Partial<PaymentsClientOptions> = {}) {
  return createPaymentsClient({ baseUrl: server.origin, retry: { maxAttempts: 1 }, ...extra });
}

const calls = (server: RecordingServer): string[] =>
  server.requests.map((r) => `${r.method} ${r.path}`);

describe("links of an authorization", () => {
  it("capture() posts to the capture href and returns a capture result with its own links", async () => {
    const server = await gateway({
      "POST /pts/v2/payments": respond.json(201, authorization(standardLinks)),
      [`POST ${CAPTURE_PATH}`]: respond.json(201, captureBody),
      "GET /pts/v2/captures/8000000000000000000001": respond.json(200, {
        id: "8000000000000000000001",
        status: "PENDING",
      }),
    });
    const result = await client(server).authorize(request);
    const capture = await result.capture({
      orderInformation: { amountDetails: { totalAmount: "102.21", currency: "EUR" } },
    });
    expect(capture).toEqual(captureBody);
    expect(JSON.parse(server.requests[1]!.body)).toEqual({
      orderInformation: { amountDetails: { totalAmount: "102.21", currency: "EUR" } },
    });
    const details = await capture.refresh();
    expect(details).toEqual({ id: "8000000000000000000001", status: "PENDING" });
    expect(calls(server)).toEqual([
      "POST /pts/v2/payments",
      `POST ${CAPTURE_PATH}`,
      "GET /pts/v2/captures/8000000000000000000001",
    ]);
  });

  it("reverse() posts to the authReversal href with the authorized amount, not the requested one", async () => {
    const reversal = {
      id: "9000000000000000000001",
      status: "REVERSED",
      reversalAmountDetails: { reversedAmount: "102.21", currency: "EUR" },
    };
    const server = await gateway({
      "POST /pts/v2/payments": respond.json(201, authorization(standardLinks)),
      [`POST ${REVERSAL_PATH}`]: respond.json(201, reversal),
    });
    const result = await client(server).authorize(request);
    expect(await result.reverse()).toEqual(reversal);
    expect(calls(server)).toEqual(["POST /pts/v2/payments", `POST ${REVERSAL_PATH}`]);
    const sent = server.requests[1]!;
    expect(sent.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(sent.body)).toEqual({
      clientReferenceInformation: { code: "ORDER-9" },
      orderInformation: { amountDetails: { currency: "EUR" } },
      reversalInformation: { amountDetails: { totalAmount: "102.21" } },
    });
  });

  it("reverse() rejects with ValidationError and sends nothing when the authorization has no authorizedAmount", async () => {
    const body = {
      ...authorization(standardLinks),
      orderInformation: { amountDetails: { currency: "EUR" } },
    };
    const server = await gateway({ "POST /pts/v2/payments": respond.json(201, body) });
    const result = await client(server).authorize(request);
    const error = await rejectsWith(result.reverse(), ValidationError);
    expect(error.issues.map((i) => i.path)).toEqual([
      "reversalInformation.amountDetails.totalAmount",
    ]);
    expect(calls(server)).toEqual(["POST /pts/v2/payments"]);
  });

  it("refresh() reads the self href", async () => {
    const details = { id: ID, status: "AUTHORIZED" };
    const server = await gateway({
      "POST /pts/v2/payments": respond.json(201, authorization(standardLinks)),
      [`GET ${SELF_PATH}`]: respond.json(200, details),
    });
    const result = await client(server).authorize(request);
    expect(await result.refresh()).toEqual(details);
    expect(calls(server)).toEqual(["POST /pts/v2/payments", `GET ${SELF_PATH}`]);
    expect(server.requests[1]!.body).toBe("");
  });

  it("an absolute href on the configured origin is followed exactly, query included", async () => {
    const routes: Record<string, ScriptedResponse> = {};
    const server = await gateway(routes);
    routes["POST /pts/v2/payments"] = respond.json(
      201,
      authorization({ self: { href: `${server.origin}${SELF_PATH}?view=full`, method: "GET" } }),
    );
    routes[`GET ${SELF_PATH}?view=full`] = respond.json(200, { id: ID });
    const result = await client(server).authorize(request);
    expect(await result.refresh()).toEqual({ id: ID });
    expect(calls(server)).toEqual(["POST /pts/v2/payments", `GET ${SELF_PATH}?view=full`]);
  });

  it("the link methods are not enumerable: JSON and spreading see the response body only", async () => {
    const body = authorization({ ...standardLinks, void: { href: VOID_PATH, method: "POST" } });
    const server = await gateway({ "POST /pts/v2/payments": respond.json(201, body) });
    const result = await client(server).authorize(request);
    expect(JSON.parse(JSON.stringify(result))).toEqual(body);
    expect(JSON.stringify(result)).toBe(JSON.stringify(body));
    expect(Object.keys(result).sort()).toEqual(Object.keys(body).sort());
    expect({ ...result }).toEqual(body);
    for (const method of ["capture", "reverse", "void", "refresh"] as const) {
      expect(typeof result[method]).toBe("function");
      expect(Object.getOwnPropertyDescriptor(result, method)?.enumerable).toBe(false);
    }
  });
});

describe("links that must not be followed", () => {
  it.each([
    ["another port on the same host", (other: RecordingServer) => `${other.origin}${CAPTURE_PATH}`],
    ["another host", () => `https://gateway.example.test${CAPTURE_PATH}`],
    ["a protocol-relative href", () => `//gateway.example.test${CAPTURE_PATH}`],
    [
      "another scheme",
      (other: RecordingServer) => `https://127.0.0.1:${other.port}${CAPTURE_PATH}`,
    ],
  ])("an href to %s rejects with LinkError and sends nothing", async (_, href) => {
    const elsewhere = await gateway({ [`POST ${CAPTURE_PATH}`]: respond.json(201, captureBody) });
    const server = await gateway({
      "POST /pts/v2/payments": respond.json(
        201,
        authorization({ capture: { href: href(elsewhere), method: "POST" } }),
      ),
    });
    const signed: string[] = [];
    const result = await client(server, {
      signer: (r) => (signed.push(r.url), { signature: "secret" }),
    }).authorize(request);
    const error = await rejectsWith(
      result.capture({
        orderInformation: { amountDetails: { totalAmount: "1.00", currency: "EUR" } },
      }),
      LinkError,
    );
    expect(error).toBeInstanceOf(PaygenError);
    expect(error.code).toBe("link.unavailable");
    expect(error.link).toBe("capture");
    expect(error.message).toBe("the capture link points outside the configured base URL");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls(server)).toEqual(["POST /pts/v2/payments"]);
    expect(elsewhere.requests).toHaveLength(0);
    expect(signed).toEqual([`${server.origin}/pts/v2/payments`]);
  });

  it("a link the response does not have rejects with LinkError naming it", async () => {
    const server = await gateway({
      "POST /pts/v2/payments": respond.json(201, authorization(standardLinks)),
    });
    const result = await client(server).authorize(request);
    const error = await rejectsWith(result.void(), LinkError);
    expect(error.link).toBe("void");
    expect(error.message).toBe("the response has no void link");
    expect(calls(server)).toEqual(["POST /pts/v2/payments"]);
  });

  it("a response without _links still has the methods, which reject", async () => {
    const body = { id: ID, status: "AUTHORIZED" };
    const server = await gateway({ "POST /pts/v2/payments": respond.json(201, body) });
    const result = await client(server).authorize(request);
    expect(JSON.stringify(result)).toBe(JSON.stringify(body));
    const error = await rejectsWith(result.refresh(), LinkError);
    expect(error.link).toBe("self");
    expect(calls(server)).toEqual(["POST /pts/v2/payments"]);
  });
});
