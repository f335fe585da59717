/**
 * Sends one HTTP request with the global `fetch` and reads the whole answer as
 * text, under a timeout, a caller's abort signal and a size limit. Every
 * failure becomes an {@link HttpTransportError}; nothing is retried here.
 */

import type { RequestHook, ResponseHook, BodyRedactor, Signer, SigningRequest } from "./hooks.js";
import { requestView, responseView, runHooks } from "./hooks.js";
import { interceptRequest, interceptResponse, type Interceptors } from "./interceptors.js";
import { scrubbedCause } from "./scrubbed-cause.js";
import { HttpTransportError } from "./transport-error.js";

/** One request to send. `url` must be absolute `http:` or `https:`. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Text is sent as UTF-8, bytes as they are. Absent for requests without a body (GET). */
  body?: string | Uint8Array<ArrayBuffer>;
}

/**
 * A complete HTTP answer, whatever its status: a 4xx or 5xx is a response, not
 * a transport failure. Redirects are not followed, so a 3xx is returned as is.
 */
export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The whole body decoded as text (the `charset` of Content-Type, UTF-8 by default). */
  body: string;
  /** The whole body as received, byte for byte. */
  bytes: Uint8Array;
}

/** The default of {@link TransportOptions.timeoutMs}: 30 seconds. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The default of {@link TransportOptions.maxResponseBytes}: 10 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** How {@link send} sends a request. Every field is optional. */
export interface TransportOptions {
  /** The `fetch` to use; the global one by default. */
  fetch?: typeof fetch;
  /**
   * Milliseconds for the whole exchange: signing, connecting, sending, and
   * reading the entire body (a server that sends headers and then stalls the
   * body times out too). Default {@link DEFAULT_TIMEOUT_MS}.
   */
  timeoutMs?: number;
  /** Aborts the exchange; the failure is then `abort`. */
  signal?: AbortSignal;
  /**
   * Largest body accepted, in bytes; reading stops and the stream is cancelled
   * beyond it. Default {@link DEFAULT_MAX_RESPONSE_BYTES} (also used for a
   * negative or NaN value).
   */
  maxResponseBytes?: number;
  /** Change each request before it is signed, and each response once it has been read (see {@link Interceptors}). */
  interceptors?: Interceptors;
  /** Adds authentication headers to each request just before it is sent. */
  signer?: Signer;
  /** Observe each request (a redacted view) just before it is sent. */
  onRequest?: readonly RequestHook[];
  /** Observe each response (a redacted view) once its body has been read. */
  onResponse?: readonly ResponseHook[];
  /** Header names hooks must not see, besides Authorization, Signature and cookies. */
  sensitiveHeaders?: readonly string[];
  /** Makes bodies safe for hooks; without it hooks never see a body. */
  redactBody?: BodyRedactor;
  /** Makes the URL safe for hooks (the values of sensitive parameters redacted); without it hooks see the URL as sent. */
  redactUrl?: (url: string) => string;
  /**
   * Scrubs the call's secrets from text: the header values hooks see (a
   * server may echo one), and the error a failed `fetch` gives as the
   * failure's cause (one may quote the URL); without it both are as they are.
   */
  scrubText?: (text: string) => string;
  /** Told the headers of each attempt as sent (signed), so what the server answers can be scrubbed of their secrets. */
  onSent?: (headers: Readonly<Record<string, string>>) => void;
}

/**
 * Error codes (anywhere in a failure's `cause` chain) meaning no connection was
 * established, so no byte of the request can have been sent.
 */
const NOTHING_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_FAIL",
  "EAI_NONAME",
  "EAI_NODATA",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

const MAX_TIMER_MS = 2_147_483_647;

/**
 * Sends `request` and returns its complete response.
 *
 * Failures, always an {@link HttpTransportError} with `cause` set:
 * - `network`: invalid URL, DNS failure, connection refused or reset, socket
 *   hang-up, a body the server cut short;
 * - `timeout`: `timeoutMs` elapsed before the whole body was read;
 * - `abort`: the caller's `signal` aborted (`cause` is its reason);
 * - `too-large`: the body (declared or streamed) exceeds `maxResponseBytes`.
 *
 * The returned promise always settles, at the latest when the timeout fires,
 * and no promise is left to reject unobserved. An error thrown by the signer
 * propagates unchanged, and so does one thrown by an interceptor. Request
 * interceptors run before signing, so the signer signs what is sent; hooks
 * see the request as sent and the response as received, before the response
 * interceptors. The request body is never given to hooks: they see the
 * caller's redaction of it.
 */
export async function send(
  request: HttpRequest,
  options: TransportOptions = {},
): Promise<HttpResponse> {
  const method = request.method.toUpperCase();
  const callerSignal = options.signal;
  if (callerSignal?.aborted) {
    throw new HttpTransportError("abort", `${method} aborted before sending`, {
      cause: callerSignal.reason,
      mayHaveReachedService: false,
    });
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = clampTimeout(options.timeoutMs);
  const maxBytes =
    options.maxResponseBytes !== undefined && options.maxResponseBytes >= 0
      ? options.maxResponseBytes
      : DEFAULT_MAX_RESPONSE_BYTES;

  const controller = new AbortController();
  let stopped: { kind: "timeout" | "abort"; reason: unknown } | undefined;
  let rejectStopped: (reason: unknown) => void = () => undefined;
  const whenStopped = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  whenStopped.catch(() => undefined);
  const stop = (kind: "timeout" | "abort", reason: unknown): void => {
    if (stopped) return;
    stopped = { kind, reason };
    controller.abort(reason);
    rejectStopped(reason);
  };
  let where = `${method} ${originOf(request.url)}`;
  const timer = setTimeout(
    () =>
      stop("timeout", new DOMException(`${where} timed out after ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  );
  const onCallerAbort = (): void => stop("abort", callerSignal?.reason);
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });

  let handedToFetch = false;
  try {
    // Interceptors may change anything, the URL and method too: both are checked again after them.
    const outgoing = options.interceptors?.request?.length
      ? await Promise.race([
          interceptRequest(request, options.interceptors.request).catch(boxed),
          whenStopped,
        ])
      : request;
    const method = outgoing.method.toUpperCase();
    const url = parseUrl(outgoing.url, method);
    where = `${method} ${url.origin}`;
    const headers = await signedHeaders(outgoing, method, url, options.signer, whenStopped);
    options.onSent?.(headers);
    const init: RequestInit = {
      method,
      headers,
      redirect: "manual",
      ...(outgoing.body !== undefined ? { body: outgoing.body } : {}),
    };
    try {
      // Building the Request validates method, headers and body before anything is sent.
      new Request(url, init);
    } catch (cause) {
      // `fetch` quotes a header value it refuses: the call's secrets are scrubbed from it.
      throw new HttpTransportError("network", `${where}: invalid request`, {
        cause: options.scrubText ? scrubbedCause(cause, options.scrubText) : cause,
        mayHaveReachedService: false,
        invalidRequest: true,
      });
    }
    // A view costs a redaction of the body (for a response, a parse): built only for hooks to see.
    if (hasHooks(options.onRequest)) {
      runHooks(
        options.onRequest,
        requestView({ method, url: url.href, headers, body: outgoing.body }, options),
      );
    }

    const started = performance.now();
    handedToFetch = true;
    const fetching = Promise.resolve().then(() =>
      fetchImpl(url.href, { ...init, signal: controller.signal }),
    );
    // If the exchange stops first, release whatever response arrives later.
    fetching.then(
      (late) => {
        if (stopped) cancelQuietly(late.body);
      },
      () => undefined,
    );
    const response = await Promise.race([fetching, whenStopped]);
    const bytes = await readBody(response, maxBytes, whenStopped, where, () => controller.abort());
    const body = decoderFor(response.headers.get("content-type")).decode(bytes);
    if (hasHooks(options.onResponse)) {
      runHooks(
        options.onResponse,
        responseView(
          {
            method,
            url: url.href,
            status: response.status,
            headers: response.headers,
            body,
            durationMs: performance.now() - started,
          },
          options,
        ),
      );
    }
    const received: HttpResponse = {
      status: response.status,
      headers: response.headers,
      body,
      bytes,
    };
    return options.interceptors?.response?.length
      ? await Promise.race([
          interceptResponse(received, options.interceptors.response).catch(boxed),
          whenStopped,
        ])
      : received;
  } catch (error) {
    if (error instanceof HttpTransportError) throw error;
    // What an interceptor throws is the caller's own error: it propagates unchanged.
    if (error instanceof InterceptorFailure) throw error.error;
    if (stopped?.kind === "timeout") {
      throw new HttpTransportError("timeout", `${where} timed out after ${timeoutMs} ms`, {
        cause: error,
        mayHaveReachedService: handedToFetch,
      });
    }
    if (stopped?.kind === "abort") {
      throw new HttpTransportError("abort", `${where} aborted`, {
        cause: stopped.reason,
        mayHaveReachedService: handedToFetch,
      });
    }
    if (!handedToFetch) throw error; // the signer failed: nothing was sent
    const code = rootCode(error);
    throw new HttpTransportError("network", `${where} failed${code ? ` (${code})` : ""}`, {
      cause: options.scrubText ? scrubbedCause(error, options.scrubText) : error,
      mayHaveReachedService: !nothingSent(error),
    });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

/** What an interceptor threw, told apart from the transport's own failures. */
class InterceptorFailure {
  constructor(readonly error: unknown) {}
}

function boxed(error: unknown): never {
  throw new InterceptorFailure(error);
}

/** The origin of a URL for messages (never its path or query), or `""` when it is not one. */
function originOf(raw: string): string {
  try {
    return new URL(raw).origin;
  } catch {
    return "";
  }
}

function hasHooks(hooks: readonly unknown[] | undefined): boolean {
  return hooks !== undefined && hooks.length > 0;
}

function parseUrl(raw: string, method: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new HttpTransportError("network", `${method}: invalid URL`, {
      cause: withoutInput(cause),
      mayHaveReachedService: false,
      invalidRequest: true,
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new HttpTransportError("network", `${method}: unsupported URL scheme ${url.protocol}`, {
      mayHaveReachedService: false,
      invalidRequest: true,
    });
  }
  return url;
}

/** A URL parser's failure without the URL it was given (its `input`): a path or a query may hold a call's secrets. */
function withoutInput(cause: unknown): Error {
  const copy = new TypeError(cause instanceof Error ? cause.message : "Invalid URL");
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === "string")
    Object.defineProperty(copy, "code", { value: code, enumerable: true });
  return copy;
}

function clampTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined || Number.isNaN(timeoutMs)) return DEFAULT_TIMEOUT_MS;
  return Math.min(Math.max(timeoutMs, 1), MAX_TIMER_MS);
}

async function signedHeaders(
  request: HttpRequest,
  method: string,
  url: URL,
  signer: Signer | undefined,
  whenStopped: Promise<never>,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = { ...request.headers };
  if (!signer) return headers;
  const signing: SigningRequest = Object.freeze({
    method,
    url: url.href,
    headers: Object.freeze({ ...headers }),
    body: request.body,
  });
  const added = await Promise.race([Promise.resolve().then(() => signer(signing)), whenStopped]);
  for (const [name, value] of Object.entries(added)) {
    const lower = name.toLowerCase();
    for (const existing of Object.keys(headers)) {
      if (existing.toLowerCase() === lower) delete headers[existing];
    }
    headers[name] = value;
  }
  return headers;
}

async function readBody(
  response: Response,
  maxBytes: number,
  whenStopped: Promise<never>,
  where: string,
  teardown: () => void,
): Promise<Uint8Array> {
  const tooLarge = (): HttpTransportError => {
    teardown();
    return new HttpTransportError(
      "too-large",
      `${where}: response body exceeds ${maxBytes} bytes`,
      {
        cause: new RangeError(`more than ${maxBytes} bytes`),
        mayHaveReachedService: true,
      },
    );
  };
  const declared = response.headers.get("content-length");
  if (declared !== null && /^\s*\d+\s*$/.test(declared) && Number(declared) > maxBytes) {
    cancelQuietly(response.body);
    throw tooLarge();
  }
  const stream = response.body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let complete = false;
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), whenStopped]);
      if (chunk.done) break;
      received += chunk.value.byteLength;
      if (received > maxBytes) throw tooLarge();
      chunks.push(chunk.value);
    }
    complete = true;
    const bytes = new Uint8Array(received);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return bytes;
  } finally {
    if (!complete) reader.cancel().then(undefined, () => undefined);
  }
}

function decoderFor(contentType: string | null): InstanceType<typeof TextDecoder> {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "")?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset);
    } catch {
      // Unknown label: fall back to UTF-8.
    }
  }
  return new TextDecoder("utf-8");
}

function cancelQuietly(stream: ReadableStream<Uint8Array> | null): void {
  if (!stream || stream.locked) return;
  stream.cancel().then(undefined, () => undefined);
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function causeOf(error: unknown): unknown {
  return error instanceof Error ? error.cause : undefined;
}

/** The first error code found along the `cause` chain, for the message. */
function rootCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 8 && current !== undefined; depth++) {
    const code = codeOf(current);
    if (code) return code;
    if (current instanceof AggregateError) return rootCode(current.errors[0]);
    current = causeOf(current);
  }
  return undefined;
}

/**
 * Whether the failure provably happened before a connection existed: the
 * first error code along the cause chain is one of {@link NOTHING_SENT_CODES},
 * and for an AggregateError (several addresses tried) that holds for every
 * attempt. Anything else (no code, an unknown code) counts as "may have been
 * sent".
 */
function nothingSent(error: unknown, depth = 0): boolean {
  if (depth > 8 || error === undefined || error === null) return false;
  const code = codeOf(error);
  if (code !== undefined) return NOTHING_SENT_CODES.has(code);
  if (error instanceof AggregateError) {
    const errors: unknown[] = error.errors;
    return errors.length > 0 && errors.every((e) => nothingSent(e, depth + 1));
  }
  return nothingSent(causeOf(error), depth + 1);
}
