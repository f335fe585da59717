/**
 * One SOAP operation call: validate, build the envelope (with the client's
 * credentials), post it, read the result or the fault, and apply the
 * caller's choice for `resultCode` Error.
 */
import {
  ApiError,
  HttpStatusError,
  ParseError,
  SoapFaultError,
  ValidationError,
  type ApiMessage,
  type ValidationIssue,
} from "./errors.js";
import type { RequestHook, ResponseHook } from "./http/hooks.js";
import type { Answer, WithResponse } from "./http/answer.js";
import { withCallerHeaders, type HeaderValues } from "./http/call-headers.js";
import type { Interceptors } from "./http/interceptors.js";
import { withRetries } from "./http/retry.js";
import type { RetryInfo, RetryPolicy } from "./http/retry.js";
import { isSuccessStatus, statusError } from "./http/status.js";
import { send, type HttpResponse } from "./http/transport.js";
import { withRedactedInspect } from "./inspect.js";
import {
  collectingSecrets,
  mergeSecrets,
  NO_SECRETS,
  REDACTED,
  scrubText,
  scrubValue,
  type Secrets,
} from "./redact.js";
import { soapResponseView } from "./soap-result.js";
import type { ReadOptions, UnknownPolicy } from "./read-options.js";
import type { ValidationResult } from "./validate.js";
import type { SoapVersion } from "./xml.js";

/** The parser options a client's options ask for. */
function readOptionsOf(options: { readonly onUnknown?: UnknownPolicy }): ReadOptions {
  return options.onUnknown !== undefined ? { onUnknown: options.onUnknown } : {};
}

/** What a call answers when the result says `resultCode` Error. */
export type ApiErrorMode = "throw" | "result";

/**
 * Options every SOAP client accepts. `C` is the type of the service's
 * credentials field (named by the schema), placed in every operation that
 * authenticates.
 */
export interface SoapClientOptions<M extends ApiErrorMode = "throw", C extends object = object> {
  /** The service address. The documents do not show it: it is always configuration. */
  readonly endpoint: string;
  /** The interface namespace. The documents show only a placeholder: it is always configuration. */
  readonly namespace: string;
  /** The credentials every authenticating operation carries, in the service's credentials field. */
  readonly credentials?: C;
  /**
   * The SOAPAction header of an operation. By default it is the action the
   * contract gives the operation, and empty when it gives none, which SOAP 1.1
   * reads as "the intent is the request URI".
   */
  readonly soapAction?: (operation: string) => string;
  /**
   * What a response's data that the schema does not name becomes: `"ignore"`
   * (default: dropped, so a newer service's additions break nothing),
   * `"keep"` (kept, read with `unknownData(result)`) or `"reject"` (a
   * `ParseError`). See `UnknownPolicy`.
   */
  readonly onUnknown?: UnknownPolicy;
  /** `throw` (default): an ApiError rejects the call. `result`: calls resolve to an {@link ApiOutcome}. */
  readonly onApiError?: M;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly maxResponseBytes?: number;
  readonly onRequest?: readonly RequestHook[];
  readonly onResponse?: readonly ResponseHook[];
  /**
   * HTTP headers sent with every request (a call's `headers` win over them);
   * named apart from `headers`, the SOAP header elements. The content type and
   * SOAPAction stay the client's: naming them is a `ValidationError`.
   */
  readonly httpHeaders?: HeaderValues;
  /** Functions that may change each request (before it is sent) and each response (once read), in order. */
  readonly interceptors?: Interceptors;
  /** Header names hooks must not see, besides Authorization, Signature and cookies. */
  readonly sensitiveHeaders?: readonly string[];
  /**
   * Timing of retries, within bounds (`RETRY_BOUNDS`; refused when the client
   * is created). Only failures that provably never reached the service are retried.
   */
  readonly retry?: RetryPolicy;
  readonly onRetry?: (info: RetryInfo) => void;
  /**
   * The values of the SOAP header elements operations carry (credentials in a
   * header, say), by element name; the generated options type names each.
   */
  readonly headers?: SoapHeaders;
  /**
   * The SOAP version of the envelopes, for a service whose contract has ports
   * of both (the generated options type offers it only then); the operation's
   * own version by default.
   */
  readonly soapVersion?: SoapVersion;
}

/** SOAP header values by element name. */
export type SoapHeaders = { readonly [element: string]: object | undefined };

/** A SOAP header element an operation carries: its value is validated, and redacted for logs when it holds secrets. */
export interface SoapHeaderPart {
  readonly name: string;
  readonly validate: (value: unknown) => ValidationResult<unknown>;
  readonly redact?: (value: never) => unknown;
}

/** A header part as the operation table lists it, its functions typed by its value's type. */
export function soapHeader<H>(part: {
  readonly name: string;
  readonly validate: (value: unknown) => ValidationResult<H>;
  readonly redact?: (value: H) => H;
}): SoapHeaderPart {
  return part;
}

/**
 * A header value by element name (an own property only). Typed as `H` for the
 * envelope builder, which gets values the call has validated (see
 * `checkedHeaders`): the one place a header value gets its type back.
 */
export function headerValue<H>(headers: SoapHeaders | undefined, name: string): H | undefined {
  const value =
    headers !== undefined && Object.prototype.hasOwnProperty.call(headers, name)
      ? headers[name]
      : undefined;
  return value as H | undefined;
}

/** The outcome of a call in `result` mode. */
export type ApiOutcome<R> =
  | { readonly ok: true; readonly result: R }
  /** An Error result usually lacks the fields a success carries (ids, totals): all are optional here. */
  | { readonly ok: false; readonly error: ApiError; readonly result: Partial<R> };

/** What a call resolves to in each mode. */
export type SoapAnswer<R, M extends ApiErrorMode> = M extends "result" ? ApiOutcome<R> : R;

/** An operation as the generated client describes it. */
export interface SoapOperation<Req, Res> {
  readonly name: string;
  /** The SOAPAction the contract gives the operation; absent when it gives none. */
  readonly action?: string;
  /** `"1.2"` for a SOAP 1.2 service: the action goes into the content type, not a SOAPAction header. */
  readonly soapVersion?: "1.2";
  /** The versions the client's `soapVersion` option may choose, when the contract has ports of both; absent otherwise. */
  readonly versions?: readonly SoapVersion[];
  /** The request field that carries the client's credentials; absent when the operation does not authenticate. */
  readonly credentials?: string;
  readonly validate: (value: unknown) => ValidationResult<Req>;
  /** The SOAP header elements the request carries, each required; absent when none. */
  readonly headers?: readonly SoapHeaderPart[];
  readonly build: (
    request: Req,
    namespace: string,
    headers?: SoapHeaders,
    version?: SoapVersion,
  ) => string;
  /** A copy of the request fit for logs; absent when the request type holds no sensitive field. */
  readonly redact?: (request: Req) => Req;
  readonly parse: (xml: string, options?: ReadOptions) => Res;
  /** A copy of the result fit for logs; absent when the result type holds no sensitive field. */
  readonly redactResult?: (result: Res) => Res;
}

/** Options of one call. */
export interface SoapCallOptions {
  /** Aborts the call, including any retry wait. */
  readonly signal?: AbortSignal;
  /** Milliseconds for one attempt, overriding the client's. */
  readonly timeoutMs?: number;
  /** HTTP headers of this call, over the client's `httpHeaders` and with the same rules. */
  readonly headers?: HeaderValues;
  /** `true`: the call resolves to `{ data, status, headers }` instead of its answer alone. */
  readonly withResponse?: boolean;
}

interface ResultLike {
  readonly resultCode?: string;
  /** A typed result's list; an opaque result's `messages` element as parsed (`{ message: ... }`). */
  readonly messages?: unknown;
}

/**
 * The messages of a result as a list. A typed result already holds the list;
 * a result the documents do not show is opaque, so its `messages` element is
 * the parsed XML wrapper (`{ message: item or items }`) and is read here,
 * keeping only string `code` and `text`.
 */
function resultMessages(messages: unknown): readonly ApiMessage[] {
  if (Array.isArray(messages)) return messages as readonly ApiMessage[];
  if (typeof messages !== "object" || messages === null) return [];
  const inner: unknown = Object.prototype.hasOwnProperty.call(messages, "message")
    ? (messages as Record<string, unknown>)["message"]
    : undefined;
  const items: readonly unknown[] = Array.isArray(inner)
    ? inner
    : inner === undefined
      ? []
      : [inner];
  const out: ApiMessage[] = [];
  for (const item of items) {
    if (typeof item !== "object" || item === null) continue;
    const { code, text } = item as { code?: unknown; text?: unknown };
    out.push({
      ...(typeof code === "string" ? { code } : {}),
      ...(typeof text === "string" ? { text } : {}),
    });
  }
  return out;
}

/** What of an operation reads and shows its result. */
type ResultSide<Res> = Pick<SoapOperation<unknown, Res>, "parse" | "redactResult">;

/**
 * What of an answer may be logged, given the secrets of the request: the
 * result's redacted copy with every string scrubbed of the request's secrets
 * and of those the result holds in its sensitive fields.
 */
function loggableResult<Res>(
  op: ResultSide<Res>,
  result: Res,
  sent: Secrets,
): { readonly copy: unknown; readonly secrets: Secrets } {
  const redact = op.redactResult;
  const redacted = redact
    ? collectingSecrets(() => redact(result))
    : { copy: result, secrets: NO_SECRETS };
  const secrets = mergeSecrets(sent, redacted.secrets);
  return { copy: scrubValue(redacted.copy, secrets), secrets };
}

/**
 * The view of a response body given to hooks, never the body as received:
 * the envelope rebuilt with every text scrubbed of the request's secrets and
 * of the values the result holds in its sensitive fields. A fault is scrubbed
 * of the request's secrets; a body that is neither is not shown at all.
 */
function responseView<Res>(
  op: ResultSide<Res>,
  text: string,
  namespace: string,
  sent: Secrets,
): string {
  try {
    let secrets = sent;
    try {
      secrets = loggableResult(op, op.parse(text), sent).secrets;
    } catch (error) {
      if (!(error instanceof SoapFaultError)) return REDACTED;
    }
    return soapResponseView(text, namespace, secrets);
  } catch {
    return REDACTED;
  }
}

/** The fault with its text scrubbed of the call's secrets, and the body as received kept apart. */
function scrubbedFault(fault: SoapFaultError, sent: Secrets, body: string): SoapFaultError {
  return new SoapFaultError(
    scrubText(fault.faultCode, sent),
    scrubText(fault.faultString, sent),
    scrubValue(fault.detail, sent),
    { unredactedBody: body },
  );
}

/** The status error of a response, its body (kept as text) scrubbed of the call's secrets. */
function scrubbedStatusError(response: HttpResponse, sent: Secrets): HttpStatusError {
  const error = statusError(response, undefined, (text) => scrubText(text, sent));
  return new HttpStatusError(error.status, error.meaning, error.body, error.retryAfterMs, {
    unredactedBody: response.body,
  });
}

/**
 * Calls one SOAP operation. It resolves to the answer, or with `withResponse`
 * to `{ data, status, headers }` of the HTTP answer.
 */
export async function callSoap<
  Req extends object,
  Res,
  M extends ApiErrorMode,
  C extends SoapCallOptions = SoapCallOptions,
>(
  op: SoapOperation<Req, Res>,
  input: object,
  options: SoapClientOptions<M, object>,
  call?: C,
): Promise<Answer<SoapAnswer<Res, M>, C>> {
  const answer = await exchangeSoap(op, input, options, call ?? {});
  // The one place the flag meets the type: `Answer` says what each flag gives.
  return (call?.withResponse === true ? answer : answer.data) as Answer<SoapAnswer<Res, M>, C>;
}

/** One SOAP exchange: the answer, with the status and headers of the HTTP answer. */
async function exchangeSoap<Req extends object, Res, M extends ApiErrorMode>(
  op: SoapOperation<Req, Res>,
  input: object,
  options: SoapClientOptions<M, object>,
  call: SoapCallOptions,
): Promise<WithResponse<SoapAnswer<Res, M>>> {
  // A copy of the credentials, so a caller's later change cannot reach a call in flight.
  const request = (
    op.credentials !== undefined && options.credentials
      ? { ...input, [op.credentials]: { ...options.credentials } }
      : input
  ) as Req;
  const checked = op.validate(request);
  if (!checked.ok) throw new ValidationError(checked.issues);
  const headerValues = op.headers ? checkedHeaders(op.headers, options.headers) : undefined;
  const version = soapVersionOf(op, options.soapVersion);
  const body = op.build(request, options.namespace, headerValues, version);
  const action = options.soapAction ? options.soapAction(op.name) : (op.action ?? "");
  const own: Record<string, string> =
    version === "1.2"
      ? {
          "content-type": `application/soap+xml; charset=utf-8${action !== "" ? `; action=${JSON.stringify(action)}` : ""}`,
        }
      : { "content-type": "text/xml; charset=utf-8", soapaction: JSON.stringify(action) };
  const headers = withCallerHeaders(
    own,
    options.httpHeaders,
    call.headers,
    options.sensitiveHeaders,
  );
  // The request's redacted copy (its header values too), and the secrets it sent: made once, when first needed.
  const redact = op.redact;
  const redactsHeaders = op.headers?.some((h) => h.redact !== undefined) === true;
  let redacted:
    | {
        readonly copy: { readonly request: Req; readonly headers: SoapHeaders | undefined };
        readonly secrets: Secrets;
      }
    | undefined;
  const redactedRequest = () =>
    (redacted ??=
      redact || redactsHeaders
        ? collectingSecrets(() => ({
            request: redact ? redact(request) : request,
            headers: redactedHeaders(op.headers, headerValues),
          }))
        : { copy: { request, headers: headerValues }, secrets: NO_SECRETS });
  const sent = () => redactedRequest().secrets;
  const response = await withRetries(
    () =>
      send(
        { method: "POST", url: options.endpoint, headers, body },
        {
          ...(options.fetch ? { fetch: options.fetch } : {}),
          ...((call.timeoutMs ?? options.timeoutMs)
            ? { timeoutMs: call.timeoutMs ?? options.timeoutMs }
            : {}),
          ...(call.signal ? { signal: call.signal } : {}),
          ...(options.maxResponseBytes !== undefined
            ? { maxResponseBytes: options.maxResponseBytes }
            : {}),
          ...(options.interceptors ? { interceptors: options.interceptors } : {}),
          ...(options.onRequest ? { onRequest: options.onRequest } : {}),
          ...(options.onResponse ? { onResponse: options.onResponse } : {}),
          ...(options.sensitiveHeaders ? { sensitiveHeaders: options.sensitiveHeaders } : {}),
          // Requests are rebuilt from their redacted copy, responses scrubbed of every secret known.
          redactBody: (text, context) =>
            context.direction === "request"
              ? redact || redactsHeaders
                ? scrubText(
                    op.build(
                      redactedRequest().copy.request,
                      options.namespace,
                      redactedRequest().copy.headers,
                      version,
                    ),
                    sent(),
                  )
                : scrubText(text, sent())
              : responseView(op, text, options.namespace, sent()),
        },
      ),
    {
      idempotent: false,
      ...(options.retry ? { policy: options.retry } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    },
  );
  const answered = (data: SoapAnswer<Res, M>): WithResponse<SoapAnswer<Res, M>> => ({
    data,
    status: response.status,
    headers: response.headers,
  });
  let result: Res;
  try {
    result = op.parse(response.body, readOptionsOf(options));
  } catch (error) {
    // A SOAP fault usually comes with status 500: surface the fault, not the status.
    if (error instanceof SoapFaultError) throw scrubbedFault(error, sent(), response.body);
    if (!isSuccessStatus(response.status)) throw scrubbedStatusError(response, sent());
    throw error;
  }
  if (!isSuccessStatus(response.status))
    throw scrubbedStatusError(response, loggableResult(op, result, sent()).secrets);
  if (typeof result === "object" && result !== null) {
    // Logs and inspect output show the redacted copy; the caller's result keeps every value.
    withRedactedInspect(result, (r) => loggableResult(op, r, sent()).copy);
  }
  // A contract may let a response leave the result out: there is no result code to read then.
  const resultCode =
    typeof result === "object" && result !== null ? (result as ResultLike).resultCode : undefined;
  if (resultCode === "Error") {
    const secrets = loggableResult(op, result, sent()).secrets;
    const messages = resultMessages((result as ResultLike).messages).map((m) =>
      scrubbedMessage(m, secrets),
    );
    const error = new ApiError(op.name, messages, result, { unredactedBody: response.body });
    if (options.onApiError === "result")
      return answered({ ok: false, error, result } as SoapAnswer<Res, M>);
    throw error;
  }
  if (resultCode !== undefined && resultCode !== "Ok") {
    throw new ParseError("xml", "unexpected-shape", `${op.name}: resultCode must be Ok or Error`);
  }
  return answered(
    (options.onApiError === "result" ? { ok: true, result } : result) as SoapAnswer<Res, M>,
  );
}

/** The SOAP version of a call: the one the options choose, when the operation offers it, else the operation's own. */
function soapVersionOf(
  op: Pick<SoapOperation<unknown, unknown>, "soapVersion" | "versions">,
  chosen: SoapVersion | undefined,
): SoapVersion {
  return chosen !== undefined && op.versions?.includes(chosen) === true
    ? chosen
    : (op.soapVersion ?? "1.1");
}

/**
 * The header values an operation carries, from the client's options: each
 * present and valid, or `ValidationError` before anything is sent (issues
 * under `headers.<element>`, never with the value).
 */
function checkedHeaders(
  parts: readonly SoapHeaderPart[],
  given: SoapHeaders | undefined,
): SoapHeaders {
  const issues: ValidationIssue[] = [];
  const out: { [element: string]: object } = {};
  for (const part of parts) {
    const value = headerValue<object>(given, part.name);
    const path = `headers.${part.name}`;
    if (value === undefined) {
      issues.push({
        path,
        code: "required",
        message: "is required: the operation carries it in its SOAP header",
      });
      continue;
    }
    const result = part.validate(value);
    if (!result.ok)
      for (const issue of result.issues)
        issues.push({ ...issue, path: issue.path === "" ? path : `${path}.${issue.path}` });
    Object.defineProperty(out, part.name, { value, enumerable: true });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return out;
}

/** The header values with each one's sensitive values redacted. */
function redactedHeaders(
  parts: readonly SoapHeaderPart[] | undefined,
  values: SoapHeaders | undefined,
): SoapHeaders | undefined {
  if (!parts || !values) return values;
  const out: { [element: string]: object | undefined } = {};
  for (const part of parts) {
    const value = headerValue<object>(values, part.name);
    const shown =
      value !== undefined && part.redact ? (part.redact as (v: object) => unknown)(value) : value;
    Object.defineProperty(out, part.name, { value: shown, enumerable: true });
  }
  return out;
}

function scrubbedMessage(message: ApiMessage, secrets: Secrets): ApiMessage {
  return {
    ...(message.code !== undefined ? { code: scrubText(message.code, secrets) } : {}),
    ...(message.text !== undefined ? { text: scrubText(message.text, secrets) } : {}),
  };
}
