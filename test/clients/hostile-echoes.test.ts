/**
 * Servers that echo a call's secrets where no test looked before: a redirect
 * whose `Location` repeats them, a response header, an answer of the wrong
 * shape or not JSON at all that quotes them (and a secret of its own), an
 * error body nesting them in causes. And a request the validator refuses for
 * its secret values. None of the values shows in any view: hook views, the
 * error's message, stack, inspect output with its cause chain, or JSON.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import {
  closedPort,
  respond,
  startRecordingServer,
  useRecordingServers,
} from "../helpers/http-server.js";
import { expectNoneOf, hookRecorder, hookViews, printed } from "../helpers/secret-views.js";
import { loadContractPackage } from "../helpers/contract-package.js";

const FIXTURE = path.join(
  PROJECT_ROOT,
  "test",
  "clients",
  "fixtures",
  "hostile-echoes.openapi.yaml",
);

const CARD = "4111111111119876";
const CODE = "7373";
const PASSWORD = "pw-Secret-0a1b2c";
/** A secret of the answer itself, in a field the answer's type marks (`accessToken`). */
const ANSWER_TOKEN = "atk-answer-5e6f7a8b";

const REQUEST = {
  card: { cardNumber: CARD, securityCode: CODE },
  password: PASSWORD,
  reference: "order-visible-1",
};

const FORBIDDEN = [
  CARD,
  CARD.slice(0, 12),
  "4111 1111 1111",
  PASSWORD,
  encodeURIComponent(PASSWORD),
];

type Client = {
  createPayment(params: Record<string, unknown>, request: unknown): Promise<unknown>;
};

useRecordingServers();

describe("servers that echo secrets in unexpected places", () => {
  let createClient: (options: Record<string, unknown>) => Client;

  beforeAll(async () => {
    const { index } = await loadContractPackage(FIXTURE);
    createClient = index["createHostileEchoesClient"] as typeof createClient;
  }, 120_000);

  /** The call's failure against a server answering `answer`, with what hooks saw. */
  async function failure(answer: Parameters<typeof startRecordingServer>[0], request = REQUEST) {
    const server = await startRecordingServer(answer);
    const hooks = hookRecorder();
    const error = await createClient({
      baseUrl: server.origin,
      retry: { maxAttempts: 1 },
      ...hooks,
    })
      .createPayment({}, request)
      .then(
        () => new Error("the call succeeded"),
        (e: unknown) => e as Error,
      );
    expect(error.message).not.toBe("the call succeeded");
    return { error, hooks, requests: server.requests };
  }

  it("a request refused by its own validator (pattern, length) names the fields, never their values", async () => {
    const bad = {
      card: { cardNumber: `${CARD}x`, securityCode: `${CODE}99` },
      password: "pw-Sec",
      reference: "r",
    };
    const { error, hooks, requests } = await failure([], bad);
    expect(error.name).toBe("ValidationError");
    expect(error.message).toContain("card.cardNumber");
    expect(error.message).toContain("password");
    expectNoneOf([...FORBIDDEN, `${CODE}99`, "pw-Sec"], { ...printed(error), ...hookViews(hooks) });
    expect(requests).toHaveLength(0);
  });

  it("a redirect whose Location repeats the card and password", async () => {
    const { error, hooks } = await failure([
      respond.empty(302, {
        location: `/elsewhere?card=${CARD}&password=${encodeURIComponent(PASSWORD)}`,
        "x-debug": `card=${CARD}; code=${CODE}; password=${PASSWORD}`,
      }),
    ]);
    expect(error.name).toBe("HttpStatusError");
    expect(hooks.responses[0]!.headers["location"]).toBe(
      "/elsewhere?card=\u20269876&password=[redacted]",
    );
    expectNoneOf(FORBIDDEN, { ...printed(error), ...hookViews(hooks) });
  });

  it("an answer of the wrong shape quoting the request's secrets and one of its own", async () => {
    const { error, hooks } = await failure([
      respond.json(201, {
        id: "p1",
        accessToken: ANSWER_TOKEN,
        status: `declined ${CARD} ${PASSWORD}`,
      }),
    ]);
    expect(error.name).toBe("ParseError");
    expect(error.message).toContain("status");
    expectNoneOf([...FORBIDDEN, ANSWER_TOKEN], { ...printed(error), ...hookViews(hooks) });
  });

  it("an answer that is not JSON, cut short after the secrets", async () => {
    const { error, hooks } = await failure([
      respond.raw(
        201,
        `{"id":"p1","accessToken":"${ANSWER_TOKEN}","echo":"${CARD} ${PASSWORD}"`,
        "application/json",
      ),
    ]);
    expect(error.name).toBe("ParseError");
    expectNoneOf([...FORBIDDEN, ANSWER_TOKEN], { ...printed(error), ...hookViews(hooks) });
  });

  it("an error body nesting the secrets in its causes, spaced and escaped", async () => {
    const { error, hooks } = await failure([
      respond.json(400, {
        message: "refused",
        errors: [
          {
            message: `card 4111 1111 1111 9876 refused`,
            cause: { detail: `password \u0022${PASSWORD}\u0022, code ${CODE}` },
          },
        ],
      }),
    ]);
    expect(JSON.stringify((error as unknown as { body: unknown }).body)).toContain("refused");
    expectNoneOf(FORBIDDEN, { ...printed(error), ...hookViews(hooks) });
  });

  it("a connection refused on every address of a name (an AggregateError among the causes)", async () => {
    const hooks = hookRecorder();
    const port = await closedPort();
    const error = await createClient({
      baseUrl: `http://localhost:${port}`,
      retry: { maxAttempts: 1 },
      ...hooks,
    })
      .createPayment({}, REQUEST)
      .then(
        () => new Error("the call succeeded"),
        (e: unknown) => e as Error,
      );
    expect(error.name).not.toBe("Error");
    expectNoneOf(FORBIDDEN, { ...printed(error), ...hookViews(hooks) });
  });

  it("a body secret the caller also sent in a parameter no name marks is scrubbed from the URL views show", async () => {
    const server = await startRecordingServer([respond.json(201, { id: "p1" })]);
    const hooks = hookRecorder();
    await createClient({ baseUrl: server.origin, ...hooks }).createPayment(
      { note: `card ${CARD}` },
      REQUEST,
    );
    expect(server.requests[0]!.path).toBe(`/payments?note=card%20${CARD}`);
    expect(hooks.requests[0]!.url).toBe(`${server.origin}/payments?note=card%20\u20269876`);
    expectNoneOf(FORBIDDEN, hookViews(hooks));
  });
});
