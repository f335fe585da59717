/**
 * Opt-in signer for the HTTP-signature authentication scheme published by the
 * REST gateway (HMAC-SHA256 with a shared secret). This is the only runtime
 * file that imports `node:crypto`; nothing else imports this file.
 */

import { createHash, createHmac } from "node:crypto";
import type { Signer } from "./hooks.js";

/** Credentials and clock of {@link createHttpSignatureSigner}. */
export interface HttpSignatureOptions {
  /** Sent as `v-c-merchant-id` and signed. */
  merchantId: string;
  /** The shared-secret key's id, sent as `keyid`. */
  keyId: string;
  /** The shared secret, base64 encoded as issued; the decoded bytes are the HMAC key. */
  sharedSecretBase64: string;
  /** Epoch milliseconds used for the `date` header. Default `Date.now`. */
  now?: () => number;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UNSAFE = /[\r\n"]/;

/**
 * A {@link Signer} adding the headers `v-c-merchant-id`, `date` (RFC 1123),
 * `host`, `digest` (`SHA-256=` + base64 SHA-256 of the UTF-8 body; only for
 * requests with a body other than GET and HEAD) and `signature`:
 *
 * `keyid="…", algorithm="HmacSHA256", headers="host date (request-target) digest v-c-merchant-id", signature="…"`
 *
 * where the signature is the base64 HMAC-SHA256, keyed with the decoded
 * secret, of the lines `host: …`, `date: …`, `(request-target): post /path?query`,
 * `digest: …` and `v-c-merchant-id: …` joined by `\n` (without the digest line,
 * and without `digest` in `headers`, when there is no digest).
 *
 * Throws a TypeError (that never contains the secret) at creation when the
 * secret is not base64 or a value could break the header syntax.
 */
export function createHttpSignatureSigner(options: HttpSignatureOptions): Signer {
  const compact = options.sharedSecretBase64.replace(/\s+/g, "");
  if (compact === "" || !BASE64.test(compact)) {
    throw new TypeError("sharedSecretBase64 is not valid base64");
  }
  const key = Buffer.from(compact, "base64");
  if (UNSAFE.test(options.keyId) || UNSAFE.test(options.merchantId)) {
    throw new TypeError("keyId and merchantId must not contain quotes or line breaks");
  }
  const { merchantId, keyId } = options;
  const now = options.now ?? Date.now;

  return (request) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const host = url.host;
    const date = new Date(now()).toUTCString();
    const target = `${method.toLowerCase()} ${url.pathname}${url.search}`;
    const hasBody = request.body !== undefined && method !== "GET" && method !== "HEAD";
    const digest = hasBody
      ? `SHA-256=${(typeof request.body === "string"
          ? createHash("sha256").update(request.body, "utf8")
          : createHash("sha256").update(request.body ?? "")
        ).digest("base64")}`
      : undefined;

    const signed: [string, string][] = [
      ["host", host],
      ["date", date],
      ["(request-target)", target],
      ...(digest !== undefined ? [["digest", digest] as [string, string]] : []),
      ["v-c-merchant-id", merchantId],
    ];
    const signingString = signed.map(([name, value]) => `${name}: ${value}`).join("\n");
    const signature = createHmac("sha256", key).update(signingString, "utf8").digest("base64");
    const names = signed.map(([name]) => name).join(" ");

    return {
      "v-c-merchant-id": merchantId,
      date,
      host,
      ...(digest !== undefined ? { digest } : {}),
      signature: `keyid="${keyId}", algorithm="HmacSHA256", headers="${names}", signature="${signature}"`,
    };
  };
}
