/**
 * Parameter values a caller (or what feeds a caller) may get wrong on
 * purpose: a path value holding `/`, `\`, `?`, `#`, a NUL or only spaces
 * stays one segment of the path; a dot segment, however it is encoded, is
 * refused; a value no URL or header can carry (a lone UTF-16 surrogate, a
 * header character past Latin-1) is refused before anything is sent, by a
 * `ValidationError` that names the parameter and quotes nothing.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { respond, startRecordingServer, useRecordingServers } from "../helpers/http-server.js";
import { expectNoneOf, printed } from "../helpers/secret-views.js";
import { loadContractPackage } from "../helpers/contract-package.js";

const FIXTURE = path.join(
  PROJECT_ROOT,
  "test",
  "clients",
  "fixtures",
  "sensitive-params.openapi.yaml",
);

type Client = {
  checkCard(pan: string, params: Record<string, unknown>): Promise<unknown>;
};

const PAN = "4111111111119876";

useRecordingServers();

describe("hostile parameter values", () => {
  let createClient: (options: Record<string, unknown>) => Client;

  beforeAll(async () => {
    const { index } = await loadContractPackage(FIXTURE);
    createClient = index["createCardChecksClient"] as typeof createClient;
  }, 120_000);

  /** The error a call fails with, and the requests the server got meanwhile. */
  async function refusal(pan: string, params: Record<string, unknown>) {
    const server = await startRecordingServer([respond.json(200, { outcome: "ok" })]);
    const error = await createClient({ baseUrl: server.origin })
      .checkCard(pan, params)
      .then(
        () => new Error("the call succeeded"),
        (e: unknown) => e as Error,
      );
    return { error, requests: server.requests };
  }

  it.each([
    { given: "a/b", want: "/cards/a%2Fb/checks" },
    { given: "a\\b", want: "/cards/a%5Cb/checks" },
    { given: "a?b", want: "/cards/a%3Fb/checks" },
    { given: "a#b", want: "/cards/a%23b/checks" },
    { given: "a\0b", want: "/cards/a%00b/checks" },
    { given: "   ", want: "/cards/%20%20%20/checks" },
    { given: "...", want: "/cards/.../checks" },
    { given: "%2F..", want: "/cards/%252F../checks" },
  ])("a path value $given stays one segment: $want", async ({ given, want }) => {
    const server = await startRecordingServer([respond.json(200, { outcome: "ok" })]);
    await createClient({ baseUrl: server.origin }).checkCard(given, {});
    expect(server.requests[0]!.path).toBe(want);
  });

  it.each([".", "..", "%2e", "%2E%2e", ".%2e", "%2e.", "%252e%252E", "%25252e."])(
    "a dot segment %s is refused, however it is encoded",
    async (given) => {
      const { error, requests } = await refusal(given, {});
      expect(error.name).toBe("ValidationError");
      expect(error.message).toContain("pan");
      expect(requests).toHaveLength(0);
    },
  );

  it.each([
    { where: "path", pan: `${PAN}\uD800`, params: {}, names: "pan" },
    { where: "query", pan: PAN, params: { card_number: `${PAN}\uDC00` }, names: "card_number" },
    {
      where: "query (a password)",
      pan: PAN,
      params: { login_hint: "pa\uD83D" },
      names: "login_hint",
    },
    {
      where: "header",
      pan: PAN,
      params: { "X-Api-Secret": "s3cr\u20ACt-value" },
      names: "X-Api-Secret",
    },
    {
      where: "header (a surrogate)",
      pan: PAN,
      params: { "X-Card-Number": `${PAN}\uD800` },
      names: "X-Card-Number",
    },
    {
      where: "cookie",
      pan: PAN,
      params: { session_token: "sess-\uDFFF-9a" },
      names: "session_token",
    },
  ])(
    "a $where value no request can carry is refused by name, quoting nothing",
    async ({ pan, params, names }) => {
      const { error, requests } = await refusal(pan, params);
      expect(error.name).toBe("ValidationError");
      expect(error.message).toContain(names);
      expectNoneOf([PAN, PAN.slice(0, 12), "s3cr", "sess-", "pa\uD83D"], printed(error));
      expect(requests).toHaveLength(0);
    },
  );

  it("a fetch that fails quoting the URL and headers it was given (as node-fetch does): the error names none of their secrets", async () => {
    const failingFetch = (url: string | URL, init?: { headers?: unknown }) =>
      Promise.reject(
        new TypeError(
          `request to ${String(url)} failed, reason: connect ECONNREFUSED; headers ${JSON.stringify(init?.headers ?? {})}`,
        ),
      );
    const error = await createClient({
      baseUrl: "https://api.example.test",
      fetch: failingFetch,
      retry: { maxAttempts: 1 },
    })
      .checkCard(PAN, { card_number: "5500005555555559", "X-Api-Secret": "hdr-secret-9f8e7d6c" })
      .then(
        () => new Error("the call succeeded"),
        (e: unknown) => e as Error,
      );
    expect(error.name).not.toBe("Error");
    expectNoneOf(
      [PAN, PAN.slice(0, 12), "5500005555555559", "550000555555", "hdr-secret-9f8e7d6c"],
      printed(error),
    );
  });
});
