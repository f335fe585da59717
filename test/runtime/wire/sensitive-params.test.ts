/**
 * The values of a call's sensitive parameters, found where the call sent them
 * (path, query, header, cookie), and the URL a view shows with them redacted.
 */
import { describe, expect, it } from "vitest";
import { requestView } from "../../../generator/runtime/http/hooks.js";
import { scrubText } from "../../../generator/runtime/redact.js";
import {
  paramSecrets,
  redactParamsInUrl,
  sensitiveParamHeaders,
  type SensitiveParam,
} from "../../../generator/runtime/sensitive-params.js";

const CARD = "4111111111119876";
const PARAMS: readonly SensitiveParam[] = [
  { in: "path", name: "pan", kind: "card-number" },
  { in: "query", name: "card_number", kind: "card-number" },
  { in: "query", name: "password", kind: "secret" },
  { in: "header", name: "X-Api-Secret", kind: "secret" },
  { in: "cookie", name: "session_token", kind: "token" },
];
const URL_SENT = `https://api.example.test/v1/cards/${CARD}/checks?card_number=5500005555555559&password=a%20b%2Fc&password=second&limit=5`;
const HEADERS = {
  "x-api-secret": "hdr-secret-1",
  cookie: "theme=dark; session_token=sess%2B42",
};

describe("paramSecrets", () => {
  it("takes each value where it was sent, decoded and as written, with its parameter's kind", () => {
    const found = paramSecrets(PARAMS, "/cards/{pan}/checks", URL_SENT, HEADERS);
    expect(Object.fromEntries(found)).toEqual({
      [CARD]: "card-number",
      "5500005555555559": "card-number",
      "a b/c": "secret",
      "a%20b%2Fc": "secret",
      second: "secret",
      "hdr-secret-1": "secret",
      "sess+42": "token",
      "sess%2B42": "token",
    });
  });

  it("finds nothing of a parameter the call did not send, and never a value of another parameter", () => {
    const found = paramSecrets(PARAMS, "/cards/{pan}/checks", "https://h.test/v1/other?limit=5", {
      cookie: "theme=dark",
    });
    expect(found.size).toBe(0);
  });

  it("reads a malformed escape as written rather than throwing", () => {
    const found = paramSecrets(
      PARAMS,
      "/cards/{pan}/checks",
      "https://h.test/cards/x?password=%E0%A4%A",
      {},
    );
    expect(found.get("%E0%A4%A")).toBe("secret");
  });
});

describe("redactParamsInUrl", () => {
  it("shows a sensitive query value by its redacted form, a path secret scrubbed, the rest as sent", () => {
    const secrets = paramSecrets(PARAMS, "/cards/{pan}/checks", URL_SENT, HEADERS);
    expect(redactParamsInUrl(URL_SENT, PARAMS, secrets)).toBe(
      "https://api.example.test/v1/cards/\u20269876/checks?card_number=\u20265559&password=[redacted]&password=[redacted]&limit=5",
    );
  });

  it("leaves the origin alone: a short secret may be the digits of its port", () => {
    const params: SensitiveParam[] = [{ in: "query", name: "cvv", kind: "card-code" }];
    const url = "http://127.0.0.1:7373/pay?cvv=7373";
    expect(redactParamsInUrl(url, params, paramSecrets(params, "/pay", url, {}))).toBe(
      "http://127.0.0.1:7373/pay?cvv=[redacted]",
    );
  });

  it("the secrets scrub server text that echoes them, escaped or not", () => {
    const secrets = paramSecrets(PARAMS, "/cards/{pan}/checks", URL_SENT, HEADERS);
    expect(
      scrubText(`refused ${URL_SENT} for "a b/c" with sess+42 and hdr-secret-1`, secrets),
    ).toBe(
      'refused https://api.example.test/v1/cards/\u20269876/checks?card_number=\u20265559&password=[redacted]&password=[redacted]&limit=5 for "[redacted]" with [redacted] and [redacted]',
    );
  });
});

describe("the hook view's URL", () => {
  it("is what redactUrl makes of it, and [redacted] whole when redactUrl throws", () => {
    const request = { method: "GET", url: URL_SENT, headers: {}, body: undefined };
    expect(requestView(request, { redactUrl: () => "shown" }).url).toBe("shown");
    expect(
      requestView(request, {
        redactUrl: () => {
          throw new Error("no");
        },
      }).url,
    ).toBe("[redacted]");
    expect(requestView(request).url).toBe(URL_SENT);
  });
});

describe("sensitiveParamHeaders", () => {
  it("names the sensitive header parameters in lower case", () => {
    expect(sensitiveParamHeaders(PARAMS)).toEqual(["x-api-secret"]);
  });
});
