/**
 * Sensitive parameters holding lists: a query list joined by `|`, by a space
 * and by `,`, one exploded (its name repeated), a header list joined by `,`.
 * Each item is a secret of the call on its own, so a server that quotes the
 * one item it refused shows it to nobody; views show each item redacted.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import {
  rejectsWith,
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
  "sensitive-list-params.openapi.yaml",
);

const PARAMS = {
  session_token: ["tok-first-3a9c", "tok-second-7d1e"],
  client_secret: ["sec-alpha-19bf", "sec-beta-55aa"],
  card_number: ["4000056655665556", "6011000990139424"],
  api_key: ["key-one-c0ffee", "key-two-decade"],
  tag: ["visible-a", "visible-b"],
  "X-Access-Token": ["atk-first-0042", "atk-second-0099"],
};

/** Every item, and the first digits of each card (which a mask never shows). */
const FORBIDDEN = [
  ...PARAMS.session_token,
  ...PARAMS.client_secret,
  ...PARAMS.card_number,
  ...PARAMS.card_number.map((card) => card.slice(0, 12)),
  ...PARAMS.api_key,
  ...PARAMS["X-Access-Token"],
];

type Client = { lookUpTokens(params: Record<string, unknown>): Promise<unknown> };

useRecordingServers();

describe("a client whose sensitive parameters hold lists", () => {
  let createClient: (options: Record<string, unknown>) => Client;
  let HttpStatusError: new (...args: never[]) => Error;

  beforeAll(async () => {
    const { index } = await loadContractPackage(FIXTURE);
    createClient = index["createTokenLookupsClient"] as typeof createClient;
    HttpStatusError = index["HttpStatusError"] as typeof HttpStatusError;
  }, 120_000);

  it("sends each list as the contract writes it", async () => {
    const server = await startRecordingServer([respond.json(200, { outcome: "ok" })]);
    await createClient({ baseUrl: server.origin }).lookUpTokens(PARAMS);
    const sent = server.requests[0]!;
    expect(sent.path).toBe(
      "/lookups?session_token=tok-first-3a9c%7Ctok-second-7d1e" +
        "&client_secret=sec-alpha-19bf%20sec-beta-55aa" +
        "&card_number=4000056655665556%2C6011000990139424" +
        "&api_key=key-one-c0ffee&api_key=key-two-decade" +
        "&tag=visible-a%7Cvisible-b",
    );
    expect(sent.headers["x-access-token"]).toBe("atk-first-0042,atk-second-0099");
  });

  it("hooks see each item redacted, joined as sent", async () => {
    const server = await startRecordingServer([respond.json(200, { outcome: "ok" })]);
    const hooks = hookRecorder();
    await createClient({ baseUrl: server.origin, ...hooks }).lookUpTokens(PARAMS);
    expect(hooks.requests[0]!.url).toBe(
      `${server.origin}/lookups?session_token=[redacted]%7C[redacted]` +
        "&client_secret=[redacted]%20[redacted]" +
        "&card_number=\u20265556%2C\u20269424" +
        "&api_key=[redacted]&api_key=[redacted]" +
        "&tag=visible-a%7Cvisible-b",
    );
    expect(hooks.requests[0]!.headers["x-access-token"]).toBe("[redacted]");
  });

  it("an error quoting single items of each list shows none of them, in any view", async () => {
    // The server names the one item of each list it refused, not the list as sent.
    const server = await startRecordingServer((request) =>
      respond.json(400, {
        message:
          `unknown session tok-second-7d1e; secret sec-alpha-19bf revoked; ` +
          `card 6011000990139424 and 4000 0566 5566 5556 refused; key key-two-decade expired; ` +
          `access token ${String(request.headers["x-access-token"]).split(",")[1]} expired; ` +
          `tags visible-a, visible-b`,
      }),
    );
    const hooks = hookRecorder();
    const error = await rejectsWith(
      createClient({ baseUrl: server.origin, ...hooks }).lookUpTokens(PARAMS),
      HttpStatusError,
    );
    const body = JSON.stringify((error as unknown as { body: unknown }).body);
    expect(body).toContain("visible-b");
    expectNoneOf(FORBIDDEN, { ...printed(error), body, ...hookViews(hooks) });
    expect(hooks.responses.length).toBeGreaterThan(0);
  });
});
