/**
 * The SOAP server every generated package with a SOAP service builds on:
 * one endpoint, each request dispatched by its body element (or, failing
 * that, its SOAPAction), in SOAP 1.1 or 1.2 as the request is; the request
 * read and validated by the generated reader and validator; the answer
 * written by the generated envelope builder in schema order. A request that
 * does not follow the contract gets a client fault listing every problem.
 */

import { ParseError } from "../errors.js";
import type { ValidationResult } from "../validate.js";
import { readSoapBody, type SoapVersion } from "../xml.js";
import {
  bodyText,
  type ClientInfo,
  DEFAULT_MAX_BODY_BYTES,
  type FetchHandler,
  mediaTypeOf,
  preferredStatus,
} from "./fetch-handler.js";
import type { Problem } from "./problem.js";
import {
  type FaultReport,
  type FaultWriter,
  soapFaultResponse,
  soapMediaType,
} from "./soap-fault.js";
import { type SoapState, statefulResult } from "./soap-state.js";

/** One operation, as the server dispatches, reads and answers it. */
export interface SoapRoute {
  readonly name: string;
  /** The local name of the request's body element. */
  readonly element: string;
  readonly soapAction?: string;
  /** The result may be absent: an answer without one is written without it. */
  readonly resultOptional?: true;
  /** The generated envelope reader. */
  read(xml: string): unknown;
  /** The generated validator of the request type. */
  validate(value: unknown): ValidationResult<unknown>;
  /** The generated validator of the result type: an answer that breaks the contract is never sent. */
  check(value: unknown): ValidationResult<unknown>;
  /** The generated response envelope builder. */
  build(result: unknown, namespace: string, version: SoapVersion): string;
}

/** What one operation receives and answers, as a generated `<Service>Operations` type lists it. */
export interface SoapOperationTypes {
  readonly body: unknown;
  readonly result: unknown;
}

/** A handler for any operation of `Ops`. */
export type SoapHandlers<Ops extends { readonly [K in keyof Ops]: SoapOperationTypes }> = {
  readonly [K in keyof Ops]?: SoapHandler<Ops[K]["body"], Ops[K]["result"]>;
};

/** Default results for operations of `Ops`. */
export type SoapAnswers<Ops extends { readonly [K in keyof Ops]: SoapOperationTypes }> = {
  readonly [K in keyof Ops]?: Ops[K]["result"];
};

/** What a SOAP handler is given: the request, read and validated, and the HTTP request itself. */
export interface SoapCall<Req> {
  readonly body: Req;
  readonly version: SoapVersion;
  readonly request: Request;
  /** The envelope as received (for what the reader does not keep as written). */
  readonly text: string;
  /** What the transport told about the client (its address, from `listen`). */
  readonly client: ClientInfo;
}

/** A request the operation's validator refused, with every problem (each with its rule). */
export interface SoapRefusal extends SoapCall<unknown> {
  readonly operation: string;
  readonly problems: readonly Problem[];
}

/** The code that answers one operation: its result, or a `Response` sent as it is. */
export type SoapHandler<Req, Res> = (
  call: SoapCall<Req>,
) => Res | Response | Promise<Res | Response>;

/** How a generated SOAP server behaves. */
export interface SoapServerOptions<Answers extends object = Readonly<Record<string, unknown>>> {
  /** The namespace of the answers' operation elements; default: the contract's, else the request's. */
  readonly namespace?: string;
  /** Default answers: by operation, the result sent when no handler answers. Without one, a server fault. */
  readonly answers?: Answers;
  /** Keep what create operations made, so later operations read, change and delete it (see soap-state.ts). */
  readonly state?: SoapState;
  /** The largest request read, in bytes (default 1 MiB). */
  readonly maxBodyBytes?: number;
  /** Runs on a POST before its body is read: a `Response` answers it instead (a media type or credential check). */
  readonly before?: (
    request: Request,
    context: { readonly client: ClientInfo },
  ) => Response | undefined | Promise<Response | undefined>;
  /**
   * Answers a request the validator refused with a result of its operation
   * (for a service that reports errors in its results) instead of a client
   * fault; `undefined` keeps the fault.
   */
  readonly invalid?: (refusal: SoapRefusal) => unknown;
  /** Writes the server's own faults (default: the SOAP fault of the request's version). */
  readonly fault?: FaultWriter;
  /** Told of a handler's failure (answered with a server fault): where a server logs it. */
  readonly onError?: (error: unknown, operation: string) => void;
}

/** The faults that are the service's, not the request's. */
const SERVER_SIDE: ReadonlySet<FaultReport["cause"]> = new Set([
  "asked",
  "failed",
  "not-implemented",
]);

/** Answers a fault report, with the server's writer or as the standard fault. */
type Refuse = (report: FaultReport) => Response;

function refuser(request: Request, writer: FaultWriter | undefined): Refuse {
  return (report) =>
    writer !== undefined
      ? writer(report, request)
      : soapFaultResponse(report.version, report.side, report.reason, report.problems);
}

/** A fetch handler serving `routes` at any path, answering with `handlers` (by operation name) or the default answers. */
export function soapServer(
  routes: readonly SoapRoute[],
  handlers: object,
  options: SoapServerOptions<object> = {},
): FetchHandler {
  const defaults = (options.answers ?? {}) as Readonly<Record<string, unknown>>;
  const handlerOf = (name: string) =>
    Object.hasOwn(handlers, name)
      ? ((handlers as Record<string, unknown>)[name] as SoapHandler<unknown, unknown>)
      : undefined;
  return async (request, client = {}) => {
    const version = versionOf(request);
    const refuse = refuser(request, options.fault);
    const fault = (cause: FaultReport["cause"], reason: string, problems: Problem[] = []) =>
      refuse({
        cause,
        version,
        side: SERVER_SIDE.has(cause) ? "server" : "client",
        reason,
        problems,
      });
    if (request.method !== "POST") return fault("method", "SOAP requests are sent with POST");
    const stopped = await options.before?.(request, { client });
    if (stopped !== undefined) return stopped;
    const text = await bodyText(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    if (text === undefined) return fault("too-large", "The request is too large");
    const found = dispatch(routes, request, text, options.namespace);
    if (found instanceof ParseError)
      return fault("not-soap", "The request is not a SOAP envelope", [
        { path: "Envelope", message: found.message, rule: found.failure },
      ]);
    if (found === undefined)
      return fault("unknown-operation", "No operation of this service has this body");
    const { route, namespace } = found;
    const call = { version, request, text, client };
    const problems: Problem[] = [];
    const value = readRequest(route, text, problems);
    if (problems.length > 0) {
      const instead = value === undefined ? undefined : options.invalid;
      const result = await instead?.({ ...call, body: value, operation: route.name, problems });
      if (result !== undefined)
        return answer(route, () => result, defaults, value, call, namespace, fault, options);
      return fault("invalid", "The request does not follow the contract", problems);
    }
    if ((preferredStatus(request) ?? 200) >= 500)
      return fault("asked", "The fault the request asked for");
    const handler = handlerOf(route.name);
    if (
      handler === undefined &&
      options.state !== undefined &&
      Object.hasOwn(defaults, route.name)
    ) {
      const kept = statefulResult(options.state, route, value, defaults[route.name]);
      if (kept === "not found") return fault("not-found", "No resource with this id was created");
      if (kept !== undefined)
        return answer(route, () => kept.result, defaults, value, call, namespace, fault, options);
    }
    return answer(route, handler, defaults, value, call, namespace, fault, options);
  };
}

/** The operation of a request and the namespace to answer in; the reader's error for what is no SOAP request. */
function dispatch(
  routes: readonly SoapRoute[],
  request: Request,
  text: string,
  configured: string | undefined,
): { route: SoapRoute; namespace: string } | ParseError | undefined {
  let route: SoapRoute | undefined;
  let namespace = configured ?? "";
  try {
    const body = readSoapBody(text);
    if (body.kind === "element") {
      route = routes.find((r) => r.element === localName(body.name));
      namespace = configured ?? bodyNamespace(text);
    }
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return error;
  }
  route ??= routes.find((r) => r.soapAction !== undefined && r.soapAction === actionOf(request));
  return route === undefined ? undefined : { route, namespace };
}

/** The request read by the operation's reader and checked by its validator; problems pushed. */
function readRequest(route: SoapRoute, text: string, problems: Problem[]): unknown {
  try {
    const value = route.read(text);
    const checked = route.validate(value);
    if (!checked.ok)
      for (const i of checked.issues)
        problems.push({ path: i.path, message: i.message, rule: i.code });
    return value;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    problems.push({ path: route.element, message: error.message, rule: error.failure });
    return undefined;
  }
}

type Fault = (cause: FaultReport["cause"], reason: string, problems?: Problem[]) => Response;

async function answer(
  route: SoapRoute,
  handler: SoapHandler<unknown, unknown> | undefined,
  defaults: Readonly<Record<string, unknown>>,
  body: unknown,
  call: Omit<SoapCall<unknown>, "body">,
  namespace: string,
  fault: Fault,
  options: SoapServerOptions<object>,
): Promise<Response> {
  let result: unknown;
  try {
    if (handler !== undefined) result = await handler({ ...call, body });
    else if (Object.hasOwn(defaults, route.name)) result = defaults[route.name];
    else return fault("not-implemented", `Not implemented: ${route.name}`);
  } catch (error) {
    options.onError?.(error, route.name);
    return fault("failed", `The handler of ${route.name} failed`);
  }
  if (result instanceof Response) return result;
  const checked =
    result === undefined && route.resultOptional ? { ok: true as const } : route.check(result);
  if (!checked.ok)
    return fault(
      "failed",
      "The answer does not follow the contract",
      checked.issues.map((i) => ({ path: i.path, message: i.message, rule: i.code })),
    );
  const xml = route.build(result, namespace, call.version);
  return new Response(xml, {
    status: 200,
    headers: { "content-type": soapMediaType(call.version) },
  });
}

/** The request's SOAP version, from its media type. */
function versionOf(request: Request): SoapVersion {
  return mediaTypeOf(request.headers.get("content-type")) === "application/soap+xml"
    ? "1.2"
    : "1.1";
}

/** The SOAPAction of a request: the 1.1 header, or the 1.2 media type's `action` parameter. */
function actionOf(request: Request): string | undefined {
  const header = request.headers.get("soapaction");
  if (header !== null) return header.replace(/^"|"$/g, "");
  const match = /;\s*action="?([^";]*)"?/i.exec(request.headers.get("content-type") ?? "");
  return match?.[1];
}

/**
 * The namespace of the body's element in a request the reader accepted: the
 * one its prefix (or the default `xmlns`) is bound to on it, else on the
 * envelope. "" when none is found.
 */
function bodyNamespace(xml: string): string {
  const start = /<(?:[\w.-]+:)?Body\b[^>]*>\s*<(?:([\w.-]+):)?[\w.-]+([^>]*)>/.exec(xml);
  if (start === null) return "";
  const attribute = start[1] === undefined ? "xmlns" : `xmlns:${start[1]}`;
  const find = (text: string) =>
    new RegExp(`\\s${attribute.replaceAll(".", "\\.")}\\s*=\\s*["']([^"']*)["']`).exec(text)?.[1];
  return find(start[2] ?? "") ?? find(xml.slice(0, start.index + start[0].length)) ?? "";
}

function localName(name: string): string {
  return name.slice(name.indexOf(":") + 1);
}
