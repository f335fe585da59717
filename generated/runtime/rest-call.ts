/**
 * One REST operation call: validate, serialize, send with the documented
 * retry rules, check the status, parse. Generated clients describe each
 * operation with a {@link RestOperation} and call {@link callRest}.
 */
import { HttpStatusError, LinkError, ValidationError } from "./errors.js";
import { headerSecrets, type RequestHook, type ResponseHook, type Signer } from "./http/hooks.js";
import type { Answer } from "./http/answer.js";
import { withCallerHeaders, type HeaderValues } from "./http/call-headers.js";
import type { Interceptors } from "./http/interceptors.js";
import type { RetryInfo, RetryPolicy } from "./http/retry.js";
import type { idempotencyKeyOf } from "./http/idempotency-key.js";
import { withRetries } from "./http/retry.js";
import { isSuccessStatus, statusError } from "./http/status.js";
import { send, type HttpResponse } from "./http/transport.js";
import { withRedactedInspect } from "./inspect.js";
import { parseJson } from "./json.js";
import { urlComponent } from "./url-component.js";
import {
  collectingSecrets,
  mergeSecrets,
  NO_SECRETS,
  scrubKnownSecrets,
  scrubText,
  scrubValue,
  type Secrets,
  type SensitiveKind,
} from "./redact.js";
import { unknownData, type ReadOptions, type UnknownPolicy } from "./read-options.js";
import { defineOwn } from "./read-values.js";
import type { ValidationResult } from "./validate.js";
import type { BodyEncoder } from "./request-body.js";
import type { ParamRedaction } from "./sensitive-params.js";
import { scrubUrl } from "./scrub-url.js";

/** Options every REST client accepts. Base URLs are the generated client's own options. */
export interface RestClientOptions {
  /** The `fetch` to use; the global one by default. */
  readonly fetch?: typeof fetch;
  /** Milliseconds for one attempt, default 30 000. */
  readonly timeoutMs?: number;
  /** Largest response body accepted, in bytes; default 10 MiB. */
  readonly maxResponseBytes?: number;
  /**
   * Adds authentication headers to every request. Request authentication is
   * not shown by the documents, so this hook is the extension point (see
   * `createHttpSignatureSigner` for the gateway's published HTTP-signature scheme).
   */
  readonly signer?: Signer;
  /**
   * HTTP headers sent with every request (a call's `headers` win over them).
   * They add to a request and never replace what the client sets itself:
   * credentials, cookies, `content-type`, `accept`, the operation's header
   * parameters and the idempotency key are refused with a `ValidationError`.
   */
  readonly headers?: HeaderValues;
  /**
   * Functions that may change each request (before it is signed) and each
   * response (once read), in order. A credential header one adds is still
   * hidden from hooks and logs.
   */
  readonly interceptors?: Interceptors;
  /** Observe each request: a redacted, read-only view. */
  readonly onRequest?: readonly RequestHook[];
  /** Observe each response: a redacted, read-only view. */
  readonly onResponse?: readonly ResponseHook[];
  /** Header names hooks must not see, besides Authorization, Signature and cookies. */
  readonly sensitiveHeaders?: readonly string[];
  /**
   * Retry timing, within bounds (`RETRY_BOUNDS`: 1..10 attempts, a first
   * backoff of at most 60 s, waits of at most 5 minutes); a value outside is
   * refused when the client is created. Which failures are retried follows
   * the documents and cannot be widened.
   */
  readonly retry?: RetryPolicy;
  /** Called before each retry wait. */
  readonly onRetry?: (info: RetryInfo) => void;
  /**
   * What a response's data that the schema does not name becomes: `"ignore"`
   * (default: dropped, so a newer service's additions break nothing),
   * `"keep"` (kept, read with `unknownData(result)`) or `"reject"` (a
   * `ParseError`). See `UnknownPolicy`.
   */
  readonly onUnknown?: UnknownPolicy;
}

/** Options of one call. */
export interface CallOptions {
  /** Aborts the call, including any retry wait. */
  readonly signal?: AbortSignal;
  /** Milliseconds for one attempt, overriding the client's. */
  readonly timeoutMs?: number;
  /** HTTP headers of this call, over the client's `headers` and with the same rules. */
  readonly headers?: HeaderValues;
  /**
   * The idempotency key of this call, for an operation whose contract declares
   * an idempotency header (others refuse it). Without it such an operation
   * sends a random UUID; either way every retry sends the same key, so a
   * request that may have reached the service is retried.
   */
  readonly idempotencyKey?: string;
  /** `true`: the call resolves to `{ data, status, headers }` instead of the data alone. */
  readonly withResponse?: boolean;
}

/** An operation as the generated client describes it. */
export interface RestOperation<Req, Res> {
  readonly name: string;
  readonly method: string;
  /** Path template with `{param}` placeholders. */
  readonly path: string;
  readonly idempotent: boolean;
  /**
   * The operation's idempotency key, when the contract declares a header for
   * one: the header (lower case) and `idempotencyKeyOf`, which chooses the key
   * (named by the operation, so a bundle of operations without one does not hold it).
   */
  readonly idempotency?: { readonly header: string; readonly keyOf: typeof idempotencyKeyOf };
  /** Whether a 404 is retried (the contract documents a retry for it); absent: never. */
  readonly retryNotFound?: boolean;
  /** Documented meaning of the error statuses, for `HttpStatusError`'s message (a success's is never shown); absent when none is documented. */
  readonly meanings?: Readonly<Partial<Record<number, string>>>;
  /** The operation's own default timeout (documented as slow); a call's `timeoutMs` still wins. */
  readonly timeoutMs?: number;
  /**
   * Fills in the request values the operation always sends (`withConstants`: filled in when
   * absent, refused when different); a function, so an operation without any never reaches it.
   */
  readonly constants?: (request: Req | undefined) => Req | undefined;
  readonly validate?: (value: unknown) => ValidationResult<Req>;
  readonly serialize?: (value: Req) => string;
  /** The `accept` header: the media types the contract answers in; default `application/json`. */
  readonly accept?: string;
  /** The `content-type` of a JSON body as the contract writes it; default `application/json; charset=utf-8`. */
  readonly contentType?: string;
  /** Writes a body that is not JSON (a form, multipart, text, bytes), instead of `serialize`. */
  readonly encode?: BodyEncoder<Req>;
  /** A success body that is not JSON: handed over as text or as its bytes, instead of `parse`. */
  readonly readAs?: "text" | "bytes";
  /** A copy of the request fit for logs. */
  readonly redact?: (value: Req) => Req;
  /** Reads a JSON success body; absent when the operation answers none (or `readAs` says how). */
  readonly parse?: (body: string, options?: ReadOptions) => Res;
  /** A copy of the response fit for logs. */
  readonly redactResponse?: (value: Res) => unknown;
  /** Reads an error body with the operation's documented error schema (that of the status, when they differ); absent when the contract gives none. */
  readonly parseError?: (body: string, status: number) => unknown;
  /** Its sensitive path, query, header and cookie parameters (`paramRedaction`): redacted in the URL and headers views show, scrubbed from server text. */
  readonly sensitiveParams?: ParamRedaction;
}

/**
 * Replaces `{param}` placeholders with URL-encoded values. Every parameter
 * must be a non-empty string, and none may be a dot segment (`.` or `..`,
 * percent-encoded or not): `encodeURIComponent` keeps dots, and URL parsing
 * would collapse such a segment and send the request to another resource.
 */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
    if (typeof value !== "string" || value.length === 0) {
      throw new ValidationError([
        { path: name, code: "required", message: "is required in the path" },
      ]);
    }
    if (isDotSegment(value)) {
      throw new ValidationError([
        {
          path: name,
          code: "format",
          message: 'cannot be a dot segment ("." or "..") in the path',
        },
      ]);
    }
    return urlComponent(value, name);
  });
}

/** Whether a path value is `.` or `..` once any percent-encoding is undone (as a URL parser would read it). */
function isDotSegment(value: string): boolean {
  let text = value;
  // Each round undoes one level of encoding; a value that is encoded again and again is still refused.
  for (let round = 0; round < 8; round += 1) {
    if (text === "." || text === ".." || text === "") return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return false;
    }
    if (decoded === text) return false;
    text = decoded;
  }
  return false;
}

/** A query or header parameter's value: absent, one value, or (query only) a list of values. */
export type ParamValue =
  string | number | boolean | readonly (string | number | boolean)[] | undefined;

/**
 * `url` with the query parameters appended, URL-encoded, in the order given:
 * an absent value is left out, a list repeats its name for each value
 * (`?status=a&status=b`).
 */
export function withQuery(url: string, params: Readonly<Record<string, ParamValue>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value)
      ? (value as readonly (string | number | boolean)[])
      : [value as string | number | boolean]) {
      parts.push(`${urlComponent(name, name)}=${urlComponent(String(one), name)}`);
    }
  }
  if (parts.length === 0) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${parts.join("&")}`;
}

/**
 * Header parameters as header values: absent ones left out; a value with a
 * line break or a NUL is refused (by name: `fetch` would refuse it quoting the value), and so
 * is a character past Latin-1 (`fetch` refuses it with an error of its own).
 */
export function headerParams(params: Readonly<Record<string, ParamValue>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.map(String).join(",") : String(value);
    if (/[\r\n\0]/.test(text))
      throw new ValidationError([
        { path: name, code: "type", message: "a header value cannot hold a line break or a NUL" },
      ]);
    // `fetch` refuses a character past Latin-1 (a lone surrogate among them) with an error of its own.
    if (/[^\u0000-\u00ff]/.test(text))
      throw new ValidationError([
        {
          path: name,
          code: "format",
          message: "a header value holds Latin-1 characters only (encode it first)",
        },
      ]);
    headers[name.toLowerCase()] = text;
  }
  return headers;
}

/**
 * The `cookie` header of cookie parameters: `name=value` pairs joined by
 * `; `, each value URL-encoded (a list joined by `,` first), absent values
 * left out; no header when none is given.
 */
export function cookieParams(params: Readonly<Record<string, ParamValue>>): Record<string, string> {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name))
      throw new ValidationError([
        { path: name, code: "format", message: "is not a valid cookie name" },
      ]);
    const text = Array.isArray(value) ? value.map(String).join(",") : String(value);
    pairs.push(`${name}=${urlComponent(text, name)}`);
  }
  return pairs.length > 0 ? { cookie: pairs.join("; ") } : {};
}

/** A credential option: the value, or a function giving it for each request (so a token can be renewed). */
export type Credential = string | (() => string | Promise<string>);

/** HTTP basic credentials. */
export interface BasicCredentials {
  readonly username: string;
  readonly password: string;
}

/** A security scheme an operation uses, with the client option that holds its credential. */
export type SecurityUse =
  | {
      readonly kind: "apiKey";
      readonly header: string;
      readonly option: string;
      readonly value: Credential | undefined;
    }
  | { readonly kind: "bearer"; readonly option: string; readonly value: Credential | undefined }
  | {
      readonly kind: "basic";
      readonly option: string;
      readonly value: BasicCredentials | undefined;
    };

/**
 * The headers carrying an operation's credentials: an API key in its header,
 * `Authorization: Bearer` or `Basic`. A missing option, or a value holding a
 * line break or a NUL, is a `ValidationError` naming the option, never the value.
 */
export async function securityHeaders(
  uses: readonly SecurityUse[],
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const refuse = (option: string, message: string) =>
    new ValidationError([{ path: option, code: "required", message }]);
  for (const use of uses) {
    if (use.value === undefined)
      throw refuse(use.option, "is required: the operation sends these credentials");
    let text: string;
    if (use.kind === "basic") {
      const bytes = new TextEncoder().encode(`${use.value.username}:${use.value.password}`);
      let binary = "";
      for (const b of bytes) binary += String.fromCharCode(b);
      text = `Basic ${btoa(binary)}`;
    } else {
      const value = typeof use.value === "function" ? await use.value() : use.value;
      text = use.kind === "bearer" ? `Bearer ${value}` : value;
    }
    if (/[\r\n\0]/.test(text)) throw refuse(use.option, "cannot hold a line break or a NUL");
    headers[use.kind === "apiKey" ? use.header.toLowerCase() : "authorization"] = text;
  }
  return headers;
}

/** `base` + `path`, with exactly one slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/**
 * Resolves a link `href` given by the service, refusing any target outside
 * the base URL: credentials and signatures never go elsewhere. A path
 * (`/pts/v2/payments/1/captures`) is taken under the base URL, prefix included,
 * exactly like the client's own calls; an absolute URL must lie under it.
 */
export function linkUrl(base: string, link: string, href: unknown): string {
  if (typeof href !== "string" || href.length === 0)
    throw new LinkError(link, `the response has no ${link} link`);
  const outside = () =>
    new LinkError(link, `the ${link} link points outside the configured base URL`);
  if (href.startsWith("/") && !href.startsWith("//")) return joinUrl(base, href);
  let target: URL;
  try {
    target = new URL(href);
  } catch {
    throw outside();
  }
  const baseUrl = new URL(base.endsWith("/") ? base : `${base}/`);
  if (target.origin !== baseUrl.origin || !target.pathname.startsWith(baseUrl.pathname))
    throw outside();
  return target.href;
}

/**
 * What of a response may be logged, given the secrets of the request: its
 * redacted copy with every string scrubbed of the request's secrets and of
 * those the response holds in its sensitive fields.
 */
function loggableResponse<Res>(
  op: Pick<RestOperation<unknown, Res>, "redactResponse">,
  response: Res,
  sent: Secrets,
): unknown {
  const redact = op.redactResponse;
  const redacted = redact
    ? collectingSecrets(() => redact(response))
    : { copy: response, secrets: NO_SECRETS };
  return scrubValue(withKeptData(redacted.copy, response), mergeSecrets(sent, redacted.secrets));
}

/**
 * `copy` (a response, or its redacted copy) as plain data with what the reader
 * kept beside `original` at each level (`unknownData`) put back in, so a log
 * view shows the whole answer; the caller scrubs it.
 */
function withKeptData(copy: unknown, original: unknown): unknown {
  if (Array.isArray(copy))
    return copy.map((item, i) =>
      withKeptData(item, Array.isArray(original) ? original[i] : undefined),
    );
  if (typeof copy !== "object" || copy === null) return copy;
  const out: Record<string, unknown> = {};
  const from = (typeof original === "object" && original !== null ? original : {}) as Record<
    string,
    unknown
  >;
  for (const [key, value] of Object.entries(copy))
    defineOwn(out, key, withKeptData(value, from[key]));
  const kept = unknownData(original)?.fields ?? {};
  for (const [key, value] of Object.entries(kept)) {
    if (!Object.prototype.hasOwnProperty.call(out, key)) defineOwn(out, key, value);
  }
  return out;
}

/**
 * The status error of a response. Error bodies are not documented, so only
 * the request's secrets are known: the body, parsed as JSON when it is JSON,
 * is scrubbed of them; the body as received is kept apart.
 */
function scrubbedStatusError(
  response: HttpResponse,
  meaning: string | undefined,
  sent: Secrets,
  operation: string,
  parseError: ((body: string, status: number) => unknown) | undefined,
): HttpStatusError {
  const error = statusError(response, meaning, (text) => {
    try {
      return scrubValue(parseJson(text), sent);
    } catch {
      return scrubText(text, sent);
    }
  });
  const data = parseError
    ? typedErrorBody((body) => parseError(body, response.status), scrubText(response.body, sent))
    : undefined;
  return new HttpStatusError(error.status, error.meaning, error.body, error.retryAfterMs, {
    unredactedBody: response.body,
    operation,
    ...(data !== undefined ? { data } : {}),
  });
}

/** The error body read with the operation's error schema, or undefined when it does not fit. */
function typedErrorBody(parseError: (body: string) => unknown, body: string): unknown {
  try {
    return parseError(body);
  } catch {
    return undefined;
  }
}

/**
 * Calls one operation at `url` (already filled in). It resolves to the data
 * (`finish` applied, which attaches links), or with `withResponse` to
 * `{ data, status, headers }`.
 */
export async function callRest<Req, Res, C extends CallOptions = CallOptions, Out = Res>(
  op: RestOperation<Req, Res>,
  url: string,
  request: Req | undefined,
  options: RestClientOptions,
  call?: C,
  /** Header parameters and credentials of the operation (`headerParams`, `securityHeaders`); the content type and `accept` stay the client's. */
  paramHeaders: Readonly<Record<string, string>> = {},
  finish?: (data: Res) => Out,
): Promise<Answer<Out, C>> {
  const answer = await exchange(op, url, request, options, call ?? {}, paramHeaders);
  const data = finish ? finish(answer.data) : (answer.data as unknown as Out);
  // The one place the flag meets the type: `Answer` says what each flag gives.
  return (
    call?.withResponse === true ? { data, status: answer.status, headers: answer.headers } : data
  ) as Answer<Out, C>;
}

/** One call's exchange: the data read from the answer, with its status and headers. */
async function exchange<Req, Res>(
  op: RestOperation<Req, Res>,
  url: string,
  request: Req | undefined,
  options: RestClientOptions,
  call: CallOptions,
  paramHeaders: Readonly<Record<string, string>>,
): Promise<{ readonly data: Res; readonly status: number; readonly headers: Headers }> {
  if (op.constants) request = op.constants(request);
  if (request !== undefined && op.validate) {
    const checked = op.validate(request);
    if (!checked.ok) throw new ValidationError(checked.issues);
  }
  const encoded =
    request === undefined
      ? undefined
      : op.encode
        ? await op.encode(request)
        : op.serialize
          ? {
              body: op.serialize(request),
              contentType: op.contentType ?? "application/json; charset=utf-8",
            }
          : undefined;
  const body = encoded?.body;
  const own: Record<string, string> = { ...paramHeaders, accept: op.accept ?? "application/json" };
  if (encoded !== undefined) own["content-type"] = encoded.contentType;
  const idempotency = op.idempotency;
  // A key for an operation that declares no idempotency header is refused: the service would not honour it.
  if (idempotency === undefined && call.idempotencyKey !== undefined)
    throw new ValidationError([
      {
        path: "idempotencyKey",
        code: "format",
        message: "is not accepted: the contract declares no idempotency header for this operation",
      },
    ]);
  const idempotencyKey = idempotency?.keyOf(idempotency.header, call.idempotencyKey, paramHeaders);
  if (idempotencyKey !== undefined) own[idempotency!.header] = idempotencyKey;
  const headers = withCallerHeaders(own, options.headers, call.headers, options.sensitiveHeaders);
  // Sensitive parameters: their header values hidden like credentials, their values scrubbed like fields.
  const params = op.sensitiveParams;
  const sensitiveHeaders =
    params !== undefined && params.headers.length > 0
      ? [...(options.sensitiveHeaders ?? []), ...params.headers]
      : options.sensitiveHeaders;
  const paramValues = params ? params.secrets(op.path, url, paramHeaders) : NO_SECRETS;
  // The request's redacted copy, and the secrets it sent: made once, when first needed.
  const redact = request !== undefined ? op.redact : undefined;
  let redacted: { readonly copy: Req | undefined; readonly secrets: Secrets } | undefined;
  const redactedRequest = () =>
    (redacted ??=
      request !== undefined && redact
        ? collectingSecrets(() => redact(request))
        : { copy: request, secrets: NO_SECRETS });
  // The secrets of the headers as sent (credentials, signatures, cookies), recorded at each attempt.
  const credentials = new Map<string, SensitiveKind>();
  let known: { readonly secrets: Secrets; readonly credentials: number } | undefined;
  const sent = (): Secrets => {
    if (known?.credentials !== credentials.size)
      known = {
        secrets: mergeSecrets(redactedRequest().secrets, new Map(credentials), paramValues),
        credentials: credentials.size,
      };
    return known.secrets;
  };
  const redactBody = (text: string, context: { direction: "request" | "response" }): string => {
    // Scrubbed too: a card-shaped number in a field no schema marks, a credential in the body.
    if (context.direction === "request")
      return scrubText(redact ? JSON.stringify(redactedRequest().copy) : text, sent());
    if (op.readAs === "bytes") return "[binary body]";
    if (op.readAs === "text") return scrubText(text, sent());
    // A body that is not the operation's answer throws here, and hooks see it redacted whole.
    return op.parse ? JSON.stringify(loggableResponse(op, op.parse(text), sent())) : "";
  };
  const response = await withRetries(
    async () => {
      const answer = await send(
        { method: op.method, url, headers, ...(body !== undefined ? { body } : {}) },
        {
          ...(options.fetch ? { fetch: options.fetch } : {}),
          ...((call.timeoutMs ?? op.timeoutMs ?? options.timeoutMs)
            ? { timeoutMs: call.timeoutMs ?? op.timeoutMs ?? options.timeoutMs }
            : {}),
          ...(call.signal ? { signal: call.signal } : {}),
          ...(options.maxResponseBytes !== undefined
            ? { maxResponseBytes: options.maxResponseBytes }
            : {}),
          ...(options.signer ? { signer: options.signer } : {}),
          ...(options.interceptors ? { interceptors: options.interceptors } : {}),
          ...(options.onRequest ? { onRequest: options.onRequest } : {}),
          ...(options.onResponse ? { onResponse: options.onResponse } : {}),
          ...(sensitiveHeaders ? { sensitiveHeaders } : {}),
          redactBody,
          // Every secret of the call, not only those of its sensitive parameters: a value the body
          // holds may be sent in an unmarked parameter too.
          redactUrl: (shown: string) =>
            params ? params.redactUrl(shown, sent()) : scrubUrl(shown, sent()),
          // A response header may echo what the call sent (a `Location` with the card number in its
          // path), and so may the error of a failed `fetch` (the URL).
          scrubText: (text: string) => scrubKnownSecrets(text, sent()),
          onSent: (sentHeaders) => {
            for (const [value, kind] of headerSecrets(sentHeaders, sensitiveHeaders))
              credentials.set(value, kind);
          },
        },
      );
      if (!isSuccessStatus(answer.status))
        throw scrubbedStatusError(
          answer,
          op.meanings?.[answer.status],
          sent(),
          op.name,
          op.parseError,
        );
      return answer;
    },
    {
      // The same key with every attempt: the service answers a repeat as it answered the first.
      idempotent: op.idempotent || idempotencyKey !== undefined,
      retryNotFound: op.retryNotFound === true,
      ...(options.retry ? { policy: options.retry } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    },
  );
  const result =
    op.readAs === "bytes"
      ? (response.bytes as Res)
      : op.readAs === "text"
        ? (response.body as Res)
        : op.parse
          ? op.parse(
              response.body,
              options.onUnknown !== undefined ? { onUnknown: options.onUnknown } : {},
            )
          : (undefined as Res);
  if (
    typeof result === "object" &&
    result !== null &&
    (redact || op.redactResponse || paramValues.size > 0)
  ) {
    // Logs and inspect output show the redacted copy; the caller's result keeps every value.
    withRedactedInspect(result, (r) => loggableResponse(op, r, sent()));
  }
  // What the documents do not show, kept beside the result: inspecting it scrubs the request's secrets too.
  const kept = unknownData(result);
  if (kept) withRedactedInspect(kept, (k) => scrubValue(k, sent()));
  return { data: result, status: response.status, headers: response.headers };
}
