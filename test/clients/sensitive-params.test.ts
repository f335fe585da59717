/**
 * Secrets carried in parameters rather than in a body: a card number in the
 * path and in the query, a card code, a `format: password` value, headers
 * holding a card number and a secret, a session cookie. The contract marks
 * none of them; paygen recognises each by its name, and the client keeps every
 * value out of every view: the URL and headers hooks see, the response view's
 * body, an error's message, stack, inspect and JSON output and its cause
 * chain, even when the server echoes them all. The body as the server sent it
 * stays reachable through `unredactedBody()`, which nothing prints.
 */
import { inspect } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import path from "node:path";
import {
  rejectsWith,
  respond,
  startRecordingServer,
  useRecordingServers,
  type RecordedRequest,
} from "../helpers/http-server.js";
import { expectNoneOf, hookRecorder, hookViews, printed } from "../helpers/secret-views.js";
import { loadContractPackage } from "../helpers/contract-package.js";

const FIXTURE = path.join(
  PROJECT_ROOT,
  "test",
  "clients",
  "fixtures",
  "sensitive-params.openapi.yaml",
);

const PAN = "4111111111119876";
const QUERY_CARD = "5500005555555559";
const CVV = "7373";
/** A `format: password` value with characters a URL escapes (and one only a URL parser escapes in a query). */
const LOGIN_HINT = "pa$$ w0rd+&/='x";
const HEADER_CARD = "378282246310005";
const API_SECRET = "hdr-secret-9f8e7d6c";
const SESSION = "sess-4c3b2a1908";

/** Every planted value, as given and as a URL spells it, and the first digits of each card (which a mask never shows). */
const FORBIDDEN = [
  PAN,
  PAN.slice(0, 12),
  QUERY_CARD,
  QUERY_CARD.slice(0, 12),
  CVV,
  LOGIN_HINT,
  encodeURIComponent(LOGIN_HINT),
  encodeURIComponent(LOGIN_HINT).replace(/'/g, "%27"),
  new URLSearchParams({ v: LOGIN_HINT }).toString().slice(2),
  HEADER_CARD,
  HEADER_CARD.slice(0, 11),
  API_SECRET,
  SESSION,
];

type Client = {
  checkCard(pan: string, params: Record<string, unknown>, call?: unknown): Promise<unknown>;
};

const PARAMS = {
  card_number: QUERY_CARD,
  cvv: CVV,
  login_hint: LOGIN_HINT,
  limit: 5,
  "X-Card-Number": HEADER_CARD,
  "X-Api-Secret": API_SECRET,
  "X-Request-Tag": "tag-visible",
  session_token: SESSION,
};

/** What the server was sent, path and query decoded too, and its headers: the whole request, repeated. */
function echoed(request: RecordedRequest): string {
  const url = new URL(request.path, "http://echo.invalid");
  return `rejected ${request.method} ${request.path} (${decodeURIComponent(url.pathname)}, ${JSON.stringify(Object.fromEntries(url.searchParams))}) headers ${JSON.stringify(request.headers)}`;
}

useRecordingServers();

describe("a client whose parameters carry secrets the contract does not mark", () => {
  let createClient: (options: Record<string, unknown>) => Client;
  let HttpStatusError: new (...args: never[]) => Error;

  beforeAll(async () => {
    const { index } = await loadContractPackage(FIXTURE);
    createClient = index["createCardChecksClient"] as typeof createClient;
    HttpStatusError = index["HttpStatusError"] as typeof HttpStatusError;
  }, 120_000);

  it("sends every value as the contract says", async () => {
    const server = await startRecordingServer([respond.json(200, { outcome: "ok" })]);
    await createClient({ baseUrl: server.origin }).checkCard(PAN, PARAMS);
    const sent = server.requests[0]!;
    expect(sent.path).toBe(
      `/cards/${PAN}/checks?card_number=${QUERY_CARD}&cvv=${CVV}&login_hint=${encodeURIComponent(LOGIN_HINT).replace(/'/g, "%27")}&limit=5`,
    );
    expect(sent.headers["x-card-number"]).toBe(HEADER_CARD);
    expect(sent.headers["x-api-secret"]).toBe(API_SECRET);
    expect(sent.headers["cookie"]).toBe(`session_token=${SESSION}`);
  });

  it("hooks see the URL and headers with those values redacted, the others as sent", async () => {
    // The server echoes them in its body and in response headers too.
    const server = await startRecordingServer((request) =>
      respond.json(
        200,
        { outcome: echoed(request) },
        {
          location: request.path,
          "x-echo": `${String(request.headers["x-api-secret"])} ${String(request.headers["x-card-number"])} ${String(request.headers["cookie"])}`,
        },
      ),
    );
    const hooks = hookRecorder();
    const result = await createClient({ baseUrl: server.origin, ...hooks }).checkCard(PAN, PARAMS);

    const request = hooks.requests[0]!;
    expect(request.url).toBe(
      `${server.origin}/cards/\u20269876/checks?card_number=\u20265559&cvv=[redacted]&login_hint=[redacted]&limit=5`,
    );
    expect(request.headers["x-card-number"]).toBe("[redacted]");
    expect(request.headers["x-api-secret"]).toBe("[redacted]");
    expect(request.headers["x-request-tag"]).toBe("tag-visible");
    expect(hooks.responses[0]!.url).toBe(request.url);
    expect(hooks.responses[0]!.headers["x-echo"]).toBe("[redacted] \u20260005 [redacted]");
    expect(hooks.responses[0]!.body).toContain("tag-visible");
    expectNoneOf(FORBIDDEN, {
      ...hookViews(hooks),
      "inspect(result)": inspect(result, { depth: 20 }),
    });
    // The caller's own result keeps what the server said.
    expect(JSON.stringify(result)).toContain(API_SECRET);
  });

  it("an error whose body echoes every value shows none of them, in any view or its cause", async () => {
    const server = await startRecordingServer((request) =>
      respond.json(400, { message: echoed(request), cookie: request.headers["cookie"] }),
    );
    const hooks = hookRecorder();
    const error = await rejectsWith(
      createClient({ baseUrl: server.origin, ...hooks }).checkCard(PAN, PARAMS),
      HttpStatusError,
    );
    const body = (error as unknown as { body: unknown }).body;
    expect(JSON.stringify(body)).toContain("\u20265559");
    expect(JSON.stringify(body)).toContain("tag-visible");
    expectNoneOf(FORBIDDEN, {
      ...printed(error),
      body: JSON.stringify(body),
      ...hookViews(hooks),
    });
    expect(hooks.requests.length).toBeGreaterThan(0);
    // The one door to the raw bytes, by name.
    const raw = (error as unknown as { unredactedBody(): string }).unredactedBody();
    expect(raw).toContain(API_SECRET);
    expect(raw).toContain(QUERY_CARD);
  });

  it("a base URL that does not parse: the error's cause holds no URL", async () => {
    const hooks = hookRecorder();
    const error = await createClient({ baseUrl: "http://exa mple.test", ...hooks })
      .checkCard(PAN, PARAMS)
      .then(
        () => new Error("the call succeeded with a URL that does not parse"),
        (e: unknown) => e as Error,
      );
    expect(error.name).not.toBe("Error");
    expect(error.cause).toBeDefined();
    expectNoneOf(FORBIDDEN, printed(error));
  });

  it("a header value fetch would refuse (a NUL) is refused first, by name", async () => {
    const server = await startRecordingServer([]);
    const error = await createClient({ baseUrl: server.origin })
      .checkCard(PAN, { ...PARAMS, "X-Api-Secret": `${API_SECRET}\0` })
      .then(
        () => new Error("the call succeeded with a NUL in a header"),
        (e: unknown) => e as Error,
      );
    expect(error.name).toBe("ValidationError");
    expect(error.message).toContain("X-Api-Secret");
    expectNoneOf(FORBIDDEN, printed(error));
    expect(server.requests).toHaveLength(0);
  });

  it("a failure before any answer (the connection refused) names no value either", async () => {
    const hooks = hookRecorder();
    const error = await createClient({
      baseUrl: "http://127.0.0.1:1",
      retry: { maxAttempts: 1 },
      ...hooks,
    })
      .checkCard(PAN, PARAMS)
      .then(
        () => new Error("the call succeeded against a closed port"),
        (e: unknown) => e as Error,
      );
    expect(error.name).not.toBe("Error");
    expectNoneOf(FORBIDDEN, { ...printed(error), ...hookViews(hooks) });
    expect(hooks.requests.length).toBeGreaterThan(0);
  });
});
