/**
 * Extension points of the HTTP runtime: observation hooks, which only ever see
 * a redacted, read-only copy of the exchange, and the request signer, which is
 * how REST request authentication is plugged in (the gateway documents do not
 * show it, so the package does not guess it).
 */

import { REDACTED, type SensitiveKind } from "../redact.js";

/** The text that replaces every redacted header value and unredacted body (the same as for fields). */
export { REDACTED };

/**
 * Header names (lower case) that are always redacted in hook views, whatever
 * `sensitiveHeaders` says.
 */
export const ALWAYS_REDACTED_HEADERS: readonly string[] = Object.freeze([
  "authorization",
  "proxy-authorization",
  "signature",
  "cookie",
  "set-cookie",
]);

/** A read-only, redacted view of a request about to be sent. */
export interface RedactedRequestView {
  readonly method: string;
  /** The URL as sent, with the values of sensitive parameters redacted. */
  readonly url: string;
  /** Headers as sent, with sensitive values replaced by {@link REDACTED}. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as returned by the caller's {@link BodyRedactor}, or {@link REDACTED} when there is none; `""` when the request has no body. */
  readonly body: string;
}

/** A read-only, redacted view of a response that was received in full. */
export interface RedactedResponseView {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** Response headers (names in lower case) with sensitive values replaced by {@link REDACTED}. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as returned by the caller's {@link BodyRedactor}, or {@link REDACTED} when there is none; `""` when the response has no body. */
  readonly body: string;
  /** Milliseconds from handing the request to `fetch` to having read the whole body. */
  readonly durationMs: number;
}

/**
 * Observes each request just before it is sent (after signing). It cannot
 * change or stop the request: its return value is ignored and anything it
 * throws or rejects with is swallowed.
 */
export type RequestHook = (request: RedactedRequestView) => void | Promise<void>;

/**
 * Observes each response once its body has been read. Anything it throws or
 * rejects with is swallowed, so a faulty hook never turns an answered payment
 * into an error.
 */
export type ResponseHook = (response: RedactedResponseView) => void | Promise<void>;

/** Where a body being redacted comes from. */
export interface RedactionContext {
  readonly direction: "request" | "response";
  readonly method: string;
  readonly url: string;
}

/**
 * Turns a body into a copy safe to log (card numbers, cryptograms, tokens
 * removed). Supplied by the caller, who knows the body's format. If it throws,
 * the hook sees {@link REDACTED} instead.
 */
export type BodyRedactor = (body: string, context: RedactionContext) => string;

/** What a {@link Signer} is given: the request exactly as it will be sent. */
export interface SigningRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Text (sent as UTF-8) or bytes (a multipart or binary body). */
  readonly body: string | Uint8Array | undefined;
}

/**
 * Computes authentication headers for one request. It is called again for
 * every attempt (so dates and nonces are fresh) and the headers it returns are
 * added to the request, replacing any header of the same name (names compare
 * case-insensitively). An error it throws propagates unchanged and nothing is
 * sent.
 */
export type Signer = (
  request: SigningRequest,
) => Promise<Record<string, string>> | Record<string, string>;

/** The redaction settings shared by request and response views. */
export interface RedactionOptions {
  /** Extra header names whose values hooks must not see (case-insensitive). */
  readonly sensitiveHeaders?: readonly string[];
  /** Makes bodies safe to show to hooks; without it hooks see {@link REDACTED}. */
  readonly redactBody?: BodyRedactor;
  /** Makes the URL safe to show (the values of sensitive parameters redacted); without it the URL is shown as sent. */
  readonly redactUrl?: (url: string) => string;
  /** Scrubs the call's secrets from text shown (a header value a server echoes one in); without it text is shown as it is. */
  readonly scrubText?: (text: string) => string;
}

/** The URL a view shows: as sent, or as `redactUrl` makes it; {@link REDACTED} when that throws. */
function viewUrl(url: string, options: RedactionOptions): string {
  if (!options.redactUrl) return url;
  try {
    const shown = options.redactUrl(url);
    return typeof shown === "string" ? shown : REDACTED;
  } catch {
    return REDACTED;
  }
}

/**
 * A frozen copy of `headers` in which the value of every header named in
 * {@link ALWAYS_REDACTED_HEADERS} or in `sensitiveHeaders` is {@link REDACTED},
 * and every other value is passed through `scrub` (when given).
 * A `Headers` object yields lower-case names; a record keeps its names.
 */
export function redactHeaders(
  headers: Readonly<Record<string, string>> | Headers,
  sensitiveHeaders: readonly string[] = [],
  scrub: (value: string) => string = (value) => value,
): Readonly<Record<string, string>> {
  const hidden = new Set([
    ...ALWAYS_REDACTED_HEADERS,
    ...sensitiveHeaders.map((h) => h.toLowerCase()),
  ]);
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    out[name] = hidden.has(name.toLowerCase()) ? REDACTED : scrubbedValue(value, scrub);
  }
  return Object.freeze(out);
}

/** A header value scrubbed for a view; {@link REDACTED} when the scrubber throws. */
function scrubbedValue(value: string, scrub: (value: string) => string): string {
  try {
    const shown = scrub(value);
    return typeof shown === "string" ? shown : REDACTED;
  } catch {
    return REDACTED;
  }
}

/** Shorter parts of a credential are too common to scrub wherever they appear. */
const MIN_CREDENTIAL_PART = 6;

/**
 * The secret values of the headers a request sent: the value of every header
 * hooks are not shown (credentials, signatures, cookies, `sensitiveHeaders`),
 * with its parts a server may echo on their own: the token after `Bearer`,
 * the user and password of `Basic` credentials, a signature's `signature="…"`,
 * each cookie's value. Server text is scrubbed of them like of sensitive fields.
 */
export function headerSecrets(
  headers: Readonly<Record<string, string>>,
  sensitiveHeaders: readonly string[] = [],
): Map<string, SensitiveKind> {
  const hidden = new Set([
    ...ALWAYS_REDACTED_HEADERS,
    ...sensitiveHeaders.map((h) => h.toLowerCase()),
  ]);
  const found = new Map<string, SensitiveKind>();
  const add = (part: string | undefined) => {
    const text = part?.trim() ?? "";
    if (text.length >= MIN_CREDENTIAL_PART) found.set(text, "secret");
  };
  for (const [name, value] of Object.entries(headers)) {
    if (!hidden.has(name.toLowerCase())) continue;
    add(value);
    const scheme = /^([A-Za-z-]+)\s+(.+)$/.exec(value);
    if (scheme) {
      add(scheme[2]);
      if (scheme[1]!.toLowerCase() === "basic")
        for (const part of basicParts(scheme[2]!)) add(part);
    }
    for (const m of value.matchAll(/signature="([^"]*)"/gi)) add(m[1]);
    if (name.toLowerCase() === "cookie")
      for (const pair of value.split(";")) add(pair.slice(pair.indexOf("=") + 1));
  }
  return found;
}

/** `user:password` of Basic credentials, and the password alone; nothing when it is not base64 of such text. */
function basicParts(encoded: string): string[] {
  try {
    const binary = atob(encoded.trim());
    const text = new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
    const colon = text.indexOf(":");
    return colon < 0 ? [text] : [text, text.slice(colon + 1)];
  } catch {
    return [];
  }
}

function redactBody(
  body: string | undefined,
  context: RedactionContext,
  redactor: BodyRedactor | undefined,
): string {
  if (body === undefined || body === "") return "";
  if (!redactor) return REDACTED;
  try {
    const redacted = redactor(body, context);
    return typeof redacted === "string" ? redacted : REDACTED;
  } catch {
    return REDACTED;
  }
}

/** Builds the frozen, redacted view of a request given to {@link RequestHook}s. */
export function requestView(
  request: SigningRequest,
  options: RedactionOptions = {},
): RedactedRequestView {
  const { method } = request;
  const url = viewUrl(request.url, options);
  return Object.freeze({
    method,
    url,
    headers: redactHeaders(request.headers, options.sensitiveHeaders, options.scrubText),
    body: redactBody(
      request.body instanceof Uint8Array ? `[${request.body.byteLength} bytes]` : request.body,
      { direction: "request", method, url },
      options.redactBody,
    ),
  });
}

/** Builds the frozen, redacted view of a response given to {@link ResponseHook}s. */
export function responseView(
  exchange: {
    readonly method: string;
    readonly url: string;
    readonly status: number;
    readonly headers: Headers;
    readonly body: string;
    readonly durationMs: number;
  },
  options: RedactionOptions = {},
): RedactedResponseView {
  const { method, status, durationMs } = exchange;
  const url = viewUrl(exchange.url, options);
  return Object.freeze({
    method,
    url,
    status,
    headers: redactHeaders(exchange.headers, options.sensitiveHeaders, options.scrubText),
    body: redactBody(exchange.body, { direction: "response", method, url }, options.redactBody),
    durationMs,
  });
}

/**
 * Calls every hook with `view`, without waiting for them; a hook that throws
 * or returns a rejected promise is ignored.
 */
export function runHooks<V>(
  hooks: readonly ((view: V) => void | Promise<void>)[] | undefined,
  view: V,
): void {
  for (const hook of hooks ?? []) {
    try {
      const result = hook(view);
      if (result && typeof result.then === "function") result.then(undefined, () => undefined);
    } catch {
      // Hooks observe; they never affect the exchange.
    }
  }
}
