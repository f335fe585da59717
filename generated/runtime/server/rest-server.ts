/**
 * The REST server every generated package builds on: routing by method and
 * path template, the request's parameters and body read and validated by the
 * generated readers and validators, and answers written by the generated
 * writers (from a handler, or from the default answers a mock is given).
 * Whatever does not follow the contract is answered 400 with an
 * `application/problem+json` body listing every problem with its path.
 */

import { ParseError } from "../errors.js";
import type { ValidationResult } from "../validate.js";
import {
  acceptsMediaType,
  bodyText,
  type ClientInfo,
  DEFAULT_MAX_BODY_BYTES,
  type FetchHandler,
  mediaTypeOf,
  preferredStatus,
} from "./fetch-handler.js";
import { compilePath, matchPath, type PathTemplate } from "./path-template.js";
import {
  type Problem,
  type ProblemReport,
  type ProblemWriter,
  problemResponse,
} from "./problem.js";
import { type ParamSpec, type ParamValues, readParams } from "./rest-params.js";
import { type RestState, statefulAnswer } from "./rest-state.js";

/** How an operation's request body is read. */
export interface RequestSpec {
  /** Its media type as the contract writes it. */
  readonly mediaType: string;
  readonly required: boolean;
  /** Reads a JSON body (the generated parser); absent: the handler gets the body's text. */
  read?(body: string): unknown;
  /** The generated validator of the body's type. */
  validate?(value: unknown): ValidationResult<unknown>;
}

/** How an answer of one status is written. */
export interface AnswerSpec {
  /** Its media type; absent: no body. */
  readonly mediaType?: string;
  /** Writes a JSON body (the generated serializer); absent: a text or bytes body is sent as it is. */
  write?(value: unknown): string;
  /** The generated validator of the body's type: an answer that breaks the contract is never sent. */
  validate?(value: unknown): ValidationResult<unknown>;
}

/** One operation, as the server routes, reads and answers it. */
export interface RestRoute {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  /** The path of the contract's base URL (`/v1`): requests are matched with it, or without it. */
  readonly basePath?: string;
  readonly params: readonly ParamSpec[];
  readonly request?: RequestSpec;
  /** The status of the default answer: the contract's first success status. */
  readonly success: number;
  /** The documented statuses and how each is written. */
  readonly answers: Readonly<Record<number, AnswerSpec>>;
}

/** What a handler is given: the request's body and parameters, read and validated, and the request itself. */
export interface RestCall<Req, Params> {
  readonly body: Req;
  readonly params: Params;
  readonly request: Request;
  /** What the transport told about the client (its address, from `listen`). */
  readonly client: ClientInfo;
}

/** A handler's answer: a documented status and its body (its headers too), or a `Response` sent as it is. */
export type RestReply<Answers> = {
  readonly [S in keyof Answers]: {
    readonly status: S;
    readonly body: Answers[S];
    readonly headers?: Readonly<Record<string, string>>;
  };
}[keyof Answers];

/** The code that answers one operation. */
export type RestHandler<Req, Params, Answers> = (
  call: RestCall<Req, Params>,
) => RestReply<Answers> | Response | Promise<RestReply<Answers> | Response>;

/** What one operation receives and answers, as a generated `<Service>Operations` type lists it. */
export interface RestOperationTypes {
  readonly body: unknown;
  readonly params: unknown;
  readonly answers: object;
}

/** A handler for any operation of `Ops`. */
export type RestHandlers<Ops extends { readonly [K in keyof Ops]: RestOperationTypes }> = {
  readonly [K in keyof Ops]?: RestHandler<Ops[K]["body"], Ops[K]["params"], Ops[K]["answers"]>;
};

/** Default answers for operations of `Ops`: by operation, the body of each status. */
export type RestAnswers<Ops extends { readonly [K in keyof Ops]: RestOperationTypes }> = {
  readonly [K in keyof Ops]?: { readonly [S in keyof Ops[K]["answers"]]?: Ops[K]["answers"][S] };
};

/** Default answers, whatever the service: by operation, by status. */
type AnyAnswers = Readonly<Record<string, Readonly<Record<number, unknown>>>>;

/** How a generated REST server behaves. */
export interface RestServerOptions<Answers extends object = AnyAnswers> {
  /** Default answers: by operation, by status, the value sent when no handler answers. Without one, 501. */
  readonly answers?: Answers;
  /** Keep the resources operations create, so later operations read, change and delete them (see rest-state.ts). */
  readonly state?: RestState;
  /** The largest request body read, in bytes (default 1 MiB); larger: 413. */
  readonly maxBodyBytes?: number;
  /**
   * Runs once a request is routed to an operation, before its parameters and
   * body are read: a `Response` answers the request instead (an
   * authentication check, a rate limit), `undefined` lets it through.
   */
  readonly before?: (
    request: Request,
    context: { readonly operation: string; readonly client: ClientInfo },
  ) => Response | undefined | Promise<Response | undefined>;
  /** Writes the server's own error answers (400, 404, 405, 413, 415, 422, 500, 501); default: problem+json. */
  readonly problem?: ProblemWriter;
  /** Told of a handler's failure (answered 500): where a server logs it. */
  readonly onError?: (error: unknown, operation: string) => void;
  /** Serves a request whose path no operation has (another service at the same origin); default: 404. */
  readonly fallback?: FetchHandler;
}

/** Answers a problem report, with the server's writer or as problem+json. */
type Refuse = (
  report: Omit<ProblemReport, "problems" | "headers"> & Partial<ProblemReport>,
) => Response;

function refuser(request: Request, writer: ProblemWriter | undefined): Refuse {
  return (partial) => {
    const report: ProblemReport = { problems: [], headers: {}, ...partial };
    if (writer !== undefined) return writer(report, request);
    return problemResponse(
      report.status,
      report.title,
      report.problems,
      report.detail,
      report.headers,
    );
  };
}

interface CompiledRoute {
  readonly route: RestRoute;
  readonly template: PathTemplate;
}

/** A fetch handler serving `routes`, answering with `handlers` (by operation name) or the default answers. */
export function restServer(
  routes: readonly RestRoute[],
  handlers: object,
  options: RestServerOptions<object> = {},
): FetchHandler {
  const defaults = (options.answers ?? {}) as AnyAnswers;
  const compiled = routes.map((route) => ({ route, template: compilePath(route.path) }));
  const handlerOf = (name: string) =>
    Object.hasOwn(handlers, name)
      ? ((handlers as Record<string, unknown>)[name] as RestHandler<unknown, ParamValues, never>)
      : undefined;
  return async (request, client = {}) => {
    const refuse = refuser(request, options.problem);
    const url = new URL(request.url);
    const found = findRoute(compiled, request.method, url.pathname, handlerOf);
    if (found.kind === "none")
      return options.fallback !== undefined
        ? options.fallback(request, client)
        : refuse({ status: 404, title: "No operation at this path" });
    if (found.kind === "method")
      return refuse({
        status: 405,
        title: "Method not allowed",
        headers: { allow: found.allowed.join(", ") },
      });
    const { route, pathParams } = found;
    const stopped = await options.before?.(request, { operation: route.name, client });
    if (stopped !== undefined) return stopped;
    const problems: Problem[] = [];
    const params = readParams(route.params, pathParams, url, request.headers, problems);
    const body = await readBody(route, request, options, problems, refuse);
    if (body instanceof Response) return body;
    if (problems.length > 0)
      return refuse({ status: 400, title: "The request does not follow the contract", problems });
    const preferred = preferredStatus(request);
    if (preferred !== undefined && !Object.hasOwn(route.answers, preferred))
      return refuse({
        status: 422,
        title: "No such answer",
        detail: `the operation documents no answer with status ${preferred}`,
      });
    const handler = handlerOf(route.name);
    try {
      if (handler !== undefined) {
        const reply = await handler({ body, params, request, client });
        return reply instanceof Response ? reply : writeAnswer(route, reply, refuse);
      }
      const status = preferred ?? route.success;
      const answer = Object.hasOwn(defaults, route.name) ? defaults[route.name] : undefined;
      const value =
        answer !== undefined && Object.hasOwn(answer, status) ? answer[status] : undefined;
      if (preferred === undefined && options.state !== undefined) {
        const kept = statefulAnswer(
          options.state,
          route,
          url.pathname,
          pathParams,
          body,
          answer ?? {},
        );
        if (kept !== undefined)
          return kept instanceof Response ? kept : writeAnswer(route, kept, refuse);
      }
      if (value === undefined && answer === undefined)
        return refuse({
          status: 501,
          title: "Not implemented",
          detail: `no handler for ${route.name}`,
        });
      return writeAnswer(route, { status, body: value }, refuse);
    } catch (error) {
      options.onError?.(error, route.name);
      return refuse({
        status: 500,
        title: "The handler failed",
        detail: `while answering ${route.name}`,
      });
    }
  };
}

type Found =
  | { readonly kind: "none" }
  | { readonly kind: "method"; readonly allowed: readonly string[] }
  | {
      readonly kind: "route";
      readonly route: RestRoute;
      readonly pathParams: Readonly<Record<string, string>>;
    };

/**
 * The most specific route of the path (more literal segments first); among
 * operations sharing a method and path, the first declared that has a
 * handler, else the first declared.
 */
function findRoute(
  routes: readonly CompiledRoute[],
  method: string,
  path: string,
  handlerOf: (name: string) => unknown,
): Found {
  let best: { route: CompiledRoute; params: Readonly<Record<string, string>> } | undefined;
  const allowed = new Set<string>();
  for (const candidate of routes) {
    const base = candidate.route.basePath;
    const own = base !== undefined && path.startsWith(`${base}/`) ? path.slice(base.length) : path;
    const params = matchPath(candidate.template, own) ?? matchPath(candidate.template, path);
    if (params === undefined) continue;
    allowed.add(candidate.route.method);
    if (candidate.route.method !== method.toUpperCase()) continue;
    if (
      best === undefined ||
      candidate.template.literals > best.route.template.literals ||
      (candidate.template.literals === best.route.template.literals &&
        candidate.route.path === best.route.route.path &&
        handlerOf(best.route.route.name) === undefined &&
        handlerOf(candidate.route.name) !== undefined)
    )
      best = { route: candidate, params };
  }
  if (best !== undefined)
    return { kind: "route", route: best.route.route, pathParams: best.params };
  return allowed.size > 0 ? { kind: "method", allowed: [...allowed].sort() } : { kind: "none" };
}

/** The request body, read and validated as the route says; a `Response` when it cannot be read at all. */
async function readBody(
  route: RestRoute,
  request: Request,
  options: RestServerOptions<object>,
  problems: Problem[],
  refuse: Refuse,
): Promise<unknown> {
  const spec = route.request;
  const text = await bodyText(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  if (text === undefined) return refuse({ status: 413, title: "The request body is too large" });
  if (spec === undefined) return undefined;
  if (text === "") {
    if (spec.required) problems.push({ path: "body", message: "is required", rule: "empty" });
    return undefined;
  }
  const sent = mediaTypeOf(request.headers.get("content-type"));
  if (sent !== undefined && !acceptsMediaType(sent, spec.mediaType))
    return refuse({
      status: 415,
      title: "Unsupported media type",
      detail: `expected ${spec.mediaType}`,
    });
  if (spec.read === undefined) return text;
  let value: unknown;
  try {
    value = spec.read(text);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    problems.push({ path: "body", message: error.message, rule: error.failure });
    return undefined;
  }
  const checked = spec.validate?.(value);
  if (checked !== undefined && !checked.ok)
    for (const issue of checked.issues)
      problems.push({
        path: issue.path === "" ? "body" : `body.${issue.path}`,
        message: issue.message,
        rule: issue.code,
      });
  return value;
}

/** Writes a reply: its body by the status's writer, after the status's validator accepted it. */
function writeAnswer(
  route: RestRoute,
  reply: { readonly status: unknown; readonly body: unknown; readonly headers?: object },
  refuse: Refuse,
): Response {
  const status = Number(reply.status);
  const spec = Object.hasOwn(route.answers, status) ? route.answers[status] : undefined;
  const headers = new Headers(reply.headers as Record<string, string> | undefined);
  if (spec === undefined)
    return refuse({
      status: 500,
      title: "Undocumented answer",
      detail: `${route.name} documents no ${status}`,
    });
  if (reply.body === undefined || status === 204 || status === 304)
    return new Response(null, { status, headers });
  const checked = spec.validate?.(reply.body);
  if (checked !== undefined && !checked.ok)
    return refuse({
      status: 500,
      title: "The answer does not follow the contract",
      problems: checked.issues.map((i) => ({
        path: i.path === "" ? "body" : `body.${i.path}`,
        message: i.message,
        rule: i.code,
      })),
    });
  if (!headers.has("content-type"))
    headers.set("content-type", spec.mediaType ?? "application/json");
  const body =
    spec.write !== undefined
      ? spec.write(reply.body)
      : typeof reply.body === "string"
        ? reply.body
        : reply.body instanceof Uint8Array
          ? new Uint8Array(reply.body)
          : JSON.stringify(reply.body);
  return new Response(body, { status, headers });
}
