/**
 * Opt-in signer for the HTTP-signature authentication scheme published by the
 * REST gateway (HMAC-SHA256 with a shared secret). It hashes and signs with Web
 * Crypto (`globalThis.crypto.subtle`), so it runs wherever `fetch` does: Node
 * 20, browsers, workers and edge runtimes; it imports no `node:` module.
 */

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
const utf8 = new TextEncoder();

/** The bytes of base64 text (already checked to be base64). */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** Base64 text of bytes. */
function toBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/** Web Crypto's digests and MACs (the global every runtime with `fetch` has). */
type Subtle = (typeof globalThis.crypto)["subtle"];
type HmacKey = Awaited<ReturnType<Subtle["importKey"]>>;

/** Web Crypto's digests and MACs, or a TypeError saying there is none (the secret is never in it). */
function subtleCrypto(): Subtle {
  const subtle = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (subtle === undefined)
    throw new TypeError("Web Crypto (globalThis.crypto.subtle) is not available to sign requests");
  return subtle;
}

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
 * secret is not base64, a value could break the header syntax, or there is no
 * Web Crypto. Signing is asynchronous (Web Crypto is).
 */
export function createHttpSignatureSigner(options: HttpSignatureOptions): Signer {
  const compact = options.sharedSecretBase64.replace(/\s+/g, "");
  if (compact === "" || !BASE64.test(compact)) {
    throw new TypeError("sharedSecretBase64 is not valid base64");
  }
  if (UNSAFE.test(options.keyId) || UNSAFE.test(options.merchantId)) {
    throw new TypeError("keyId and merchantId must not contain quotes or line breaks");
  }
  const subtle = subtleCrypto();
  // Imported once, on first use; not extractable, so the key never leaves Web Crypto again.
  let key: Promise<HmacKey> | undefined;
  const hmacKey = () =>
    (key ??= subtle.importKey(
      "raw",
      fromBase64(compact),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    ));
  const { merchantId, keyId } = options;
  const now = options.now ?? Date.now;

  return async (request) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const host = url.host;
    const date = new Date(now()).toUTCString();
    const target = `${method.toLowerCase()} ${url.pathname}${url.search}`;
    const hasBody = request.body !== undefined && method !== "GET" && method !== "HEAD";
    const bodyBytes =
      typeof request.body === "string"
        ? utf8.encode(request.body)
        : request.body
          ? new Uint8Array(request.body)
          : new Uint8Array(0);
    const digest = hasBody
      ? `SHA-256=${toBase64(await subtle.digest("SHA-256", bodyBytes))}`
      : undefined;

    const signed: [string, string][] = [
      ["host", host],
      ["date", date],
      ["(request-target)", target],
      ...(digest !== undefined ? [["digest", digest] as [string, string]] : []),
      ["v-c-merchant-id", merchantId],
    ];
    const signingString = signed.map(([name, value]) => `${name}: ${value}`).join("\n");
    const signature = toBase64(
      await subtle.sign("HMAC", await hmacKey(), utf8.encode(signingString)),
    );
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
