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
  DEFAULT_MAX_BODY_BYTES,
  type FetchHandler,
  mediaTypeOf,
  preferredStatus,
} from "./fetch-handler.js";
import type { Problem } from "./problem.js";
import { soapFaultResponse, soapMediaType } from "./soap-fault.js";
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
  return async (request) => {
    const version = versionOf(request);
    if (request.method !== "POST")
      return soapFaultResponse(version, "client", "SOAP requests are sent with POST");
    const text = await bodyText(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    if (text === undefined) return soapFaultResponse(version, "client", "The request is too large");
    let route: SoapRoute | undefined;
    let namespace = options.namespace ?? "";
    try {
      const body = readSoapBody(text);
      if (body.kind === "element") {
        route = routes.find((r) => r.element === localName(body.name));
        namespace = options.namespace ?? bodyNamespace(text);
      }
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      return soapFaultResponse(version, "client", "The request is not a SOAP envelope", [
        { path: "Envelope", message: error.message },
      ]);
    }
    route ??= routes.find((r) => r.soapAction !== undefined && r.soapAction === actionOf(request));
    if (route === undefined)
      return soapFaultResponse(version, "client", "No operation of this service has this body");
    const problems: Problem[] = [];
    let value: unknown;
    try {
      value = route.read(text);
      const checked = route.validate(value);
      if (!checked.ok)
        for (const i of checked.issues) problems.push({ path: i.path, message: i.message });
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      problems.push({ path: route.element, message: error.message });
    }
    if (problems.length > 0)
      return soapFaultResponse(
        version,
        "client",
        "The request does not follow the contract",
        problems,
      );
    if ((preferredStatus(request) ?? 200) >= 500)
      return soapFaultResponse(version, "server", "The fault the request asked for");
    const handler = handlerOf(route.name);
    if (
      handler === undefined &&
      options.state !== undefined &&
      Object.hasOwn(defaults, route.name)
    ) {
      const kept = statefulResult(options.state, route, value, defaults[route.name]);
      if (kept === "not found")
        return soapFaultResponse(version, "client", "No resource with this id was created");
      if (kept !== undefined)
        return answer(route, () => kept.result, defaults, value, version, request, namespace);
    }
    return answer(route, handler, defaults, value, version, request, namespace);
  };
}

async function answer(
  route: SoapRoute,
  handler: SoapHandler<unknown, unknown> | undefined,
  defaults: Readonly<Record<string, unknown>>,
  body: unknown,
  version: SoapVersion,
  request: Request,
  namespace: string,
): Promise<Response> {
  let result: unknown;
  try {
    if (handler !== undefined) result = await handler({ body, version, request });
    else if (Object.hasOwn(defaults, route.name)) result = defaults[route.name];
    else return soapFaultResponse(version, "server", `Not implemented: ${route.name}`);
  } catch {
    return soapFaultResponse(version, "server", `The handler of ${route.name} failed`);
  }
  if (result instanceof Response) return result;
  const checked =
    result === undefined && route.resultOptional ? { ok: true as const } : route.check(result);
  if (!checked.ok)
    return soapFaultResponse(
      version,
      "server",
      "The answer does not follow the contract",
      checked.issues.map((i) => ({ path: i.path, message: i.message })),
    );
  const xml = route.build(result, namespace, version);
  return new Response(xml, { status: 200, headers: { "content-type": soapMediaType(version) } });
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
