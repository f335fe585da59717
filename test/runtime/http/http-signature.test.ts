import { createHash, createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpSignatureSigner } from "../../../generator/runtime/http/http-signature.js";
import { send } from "../../../generator/runtime/http/transport.js";
import { closeAllServers, startServer } from "./test-server.js";

afterEach(closeAllServers);

const SECRET_BYTES = Buffer.from("0123456789abcdef0123456789abcdef", "utf8");
const SECRET = SECRET_BYTES.toString("base64");
const NOW = Date.UTC(2030, 0, 1, 12, 30, 15);
const DATE = "Tue, 01 Jan 2030 12:30:15 GMT";
const BODY =
  '{"clientReferenceInformation":{"code":"ref-1"},"orderInformation":{"amountDetails":{"totalAmount":"10.00","currency":"USD"}}}';

const signer = createHttpSignatureSigner({
  merchantId: "merchant_1",
  keyId: "key-1",
  sharedSecretBase64: SECRET,
  now: () => NOW,
});

/** The expected signature header, computed here step by step. */
function expectedPost(
  host: string,
  path: string,
  body: string,
): { digest: string; signature: string } {
  const digest = `SHA-256=${createHash("sha256").update(Buffer.from(body, "utf8")).digest("base64")}`;
  const lines = `host: ${host}\ndate: ${DATE}\n(request-target): post ${path}\ndigest: ${digest}\nv-c-merchant-id: merchant_1`;
  const mac = createHmac("sha256", SECRET_BYTES).update(lines).digest("base64");
  return {
    digest,
    signature: `keyid="key-1", algorithm="HmacSHA256", headers="host date (request-target) digest v-c-merchant-id", signature="${mac}"`,
  };
}

describe("createHttpSignatureSigner", () => {
  it("signs a POST over host, date, request-target, digest and merchant id", async () => {
    const headers = await signer({
      method: "POST",
      url: "https://api.example.test/pts/v2/payments",
      headers: {},
      body: BODY,
    });
    const expected = expectedPost("api.example.test", "/pts/v2/payments", BODY);
    expect(headers).toEqual({
      "v-c-merchant-id": "merchant_1",
      date: DATE,
      host: "api.example.test",
      digest: expected.digest,
      signature: expected.signature,
    });
  });

  it("matches a fixed vector computed outside Node", async () => {
    // Computed with openssl: `printf '<lines>' | openssl dgst -sha256 -hmac <secret> -binary | base64`.
    const headers = await signer({
      method: "POST",
      url: "https://api.example.test/pts/v2/payments",
      headers: {},
      body: "{}",
    });
    expect(headers.digest).toBe("SHA-256=RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o=");
    expect(headers.signature).toBe(
      'keyid="key-1", algorithm="HmacSHA256", headers="host date (request-target) digest v-c-merchant-id", signature="oic6svOHNxp6ht+A7PgvsKvuINM6bfmZxsJ0A5M6Q7g="',
    );
  });

  it("omits the digest for a GET and signs the query", async () => {
    const headers = await signer({
      method: "GET",
      url: "https://search.example.test:8443/tss/v2/transactions/42?view=full",
      headers: {},
      body: undefined,
    });
    const lines = `host: search.example.test:8443\ndate: ${DATE}\n(request-target): get /tss/v2/transactions/42?view=full\nv-c-merchant-id: merchant_1`;
    const mac = createHmac("sha256", SECRET_BYTES).update(lines).digest("base64");
    expect(headers.digest).toBeUndefined();
    expect(headers.host).toBe("search.example.test:8443");
    expect(headers.signature).toBe(
      `keyid="key-1", algorithm="HmacSHA256", headers="host date (request-target) v-c-merchant-id", signature="${mac}"`,
    );
  });

  it("produces headers a real server can verify", async () => {
    const server = await startServer((_seen, _req, res) => res.end("{}"));
    await send(
      {
        method: "POST",
        url: `${server.origin}/pts/v2/payments`,
        headers: { "content-type": "application/json" },
        body: BODY,
      },
      { signer },
    );
    const seen = server.requests[0];
    expect(seen?.body).toBe(BODY);
    const host = `127.0.0.1:${server.port}`;
    const expected = expectedPost(host, "/pts/v2/payments", seen?.body ?? "");
    expect(seen?.headers.host).toBe(host);
    expect(seen?.headers.date).toBe(DATE);
    expect(seen?.headers["v-c-merchant-id"]).toBe("merchant_1");
    expect(seen?.headers.digest).toBe(expected.digest);
    expect(seen?.headers.signature).toBe(expected.signature);
  });

  it("rejects a secret that is not base64 without echoing it", () => {
    expect(() =>
      createHttpSignatureSigner({ merchantId: "m", keyId: "k", sharedSecretBase64: "not*base64!" }),
    ).toThrowError(/^sharedSecretBase64 is not valid base64$/);
    expect(() =>
      createHttpSignatureSigner({ merchantId: "m", keyId: 'k"', sharedSecretBase64: SECRET }),
    ).toThrowError(TypeError);
  });
});
