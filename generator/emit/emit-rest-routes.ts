import type { Field, PathParam, RestOperation, Service, TypeRef } from "../model/ir.js";
import { synthesizeType } from "../mock/synthesize-value.js";
import { requestBodyRequired } from "./client-common.js";
import type { EmitContext } from "./emit-context.js";
import { paths, validatorModule } from "./paths.js";
import { propertyName } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import type { ParameterPlace } from "../naming/parameter-keys.js";
import { fieldTypeExpression, typeRefExpression } from "./type-expression.js";
import { VariableDeclarationKind } from "./ts-morph.js";
import { facetChecks } from "./emit-validators.js";
import { valueLiteral } from "./value-literal.js";

const SERVER = paths.runtime("server/rest-server.ts");
const STATE = paths.runtime("server/rest-state.ts");
const FETCH = paths.runtime("server/fetch-handler.ts");

/** One documented answer of an operation: its status and the object type of its body (none: no body, or a text/bytes body). */
interface Answer {
  readonly status: number;
  readonly type?: string;
  readonly mediaType?: string;
}

/**
 * The server half of a REST service's `server.ts`: what each operation
 * receives and answers (a type), its route (method, path template,
 * parameters, how its body is read and validated, how each answer is
 * validated and written), and `create<Service>Server(handlers, options)`, a
 * fetch handler built on the runtime's one REST server. With a mock, the
 * default answers synthesized from the contract and `create<Service>Mock`.
 */
export function emitRestRoutes(file: TsFile, ctx: EmitContext): void {
  const { service, names } = ctx;
  const ops = service.operations.filter((op): op is RestOperation => op.protocol === "rest");
  if (ops.length === 0) return;
  const operations = names.get("serverOperations", service.name);
  const routes = names.get("serverRoutes", service.name);
  const handlers = names.get("serverHandlers", service.name);
  const answers = names.get("serverAnswers", service.name);
  file.addInterface({
    isExported: true,
    name: operations,
    docs: [
      "What each operation receives (its body and parameters, read and validated) and answers: its body by documented status.",
    ],
    properties: ops.map((op) => ({
      name: propertyName(op.name),
      isReadonly: true,
      docs: [`\`${op.httpMethod} ${op.path}\``],
      type: `{ readonly body: ${bodyType(file, ctx, op)}; readonly params: ${paramsType(file, ctx, op)}; readonly answers: ${answersType(file, ctx, op)} }`,
    })),
  });
  file.addTypeAlias({
    isExported: true,
    name: handlers,
    docs: ["A handler for any operation, overriding its default answer."],
    type: `${file.type("RestHandlers", SERVER)}<${operations}>`,
  });
  file.addTypeAlias({
    isExported: true,
    name: answers,
    docs: ["Default answers: by operation, the body sent for each status when no handler answers."],
    type: `${file.type("RestAnswers", SERVER)}<${operations}>`,
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Every operation as the server routes, reads and answers it."],
    declarations: [
      {
        name: routes,
        type: `readonly ${file.type("RestRoute", SERVER)}[]`,
        initializer: `[${ops.map((op) => routeLiteral(file, ctx, op)).join(",\n")}]`,
      },
    ],
  });
  const fetchHandler = file.type("FetchHandler", FETCH);
  file.addFunction({
    isExported: true,
    name: names.get("serverFactory", service.name),
    docs: [
      `A server of the ${service.title}, as a fetch handler (\`(Request) => Promise<Response>\`): each request routed by method and path, its parameters and body read and validated (400 with an \`application/problem+json\` body listing every problem), and answered by its handler; an operation without one answers its default answer from \`options.answers\`, else 501. A \`Prefer: code=N\` header asks for the documented answer with status N.`,
    ],
    parameters: [
      { name: "handlers", type: handlers, initializer: "{}" },
      {
        name: "options",
        type: `${file.type("RestServerOptions", SERVER)}<${answers}>`,
        initializer: "{}",
      },
    ],
    returnType: fetchHandler,
    statements: `return ${file.value("restServer", SERVER)}(${routes}, handlers, options);`,
  });
  if (ctx.mock !== undefined) emitMock(file, ctx, ops);
}

function emitMock(file: TsFile, ctx: EmitContext, ops: readonly RestOperation[]): void {
  const { service, names } = ctx;
  const seed = ctx.mock!.seed;
  const answers = names.get("serverAnswers", service.name);
  const mockAnswers = names.get("mockAnswers", service.name);
  const members = ops.map((op, i) => {
    const values = answersOf(op).flatMap((a) => {
      const value = answerValue(service, op, a, seed * 7919 + i);
      return value === undefined ? [] : [`${a.status}: ${valueLiteral(value)}`];
    });
    return `${propertyName(op.name)}: { ${values.join(", ")} }`;
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      `The mock's default answers, synthesized from the contract's types and facets (seed ${seed}): valid by the generated validators.`,
    ],
    declarations: [
      { name: mockAnswers, type: answers, initializer: `{\n${members.join(",\n")}\n}` },
    ],
  });
  file.addFunction({
    isExported: true,
    name: names.get("mockFactory", service.name),
    docs: [
      `A mock of the ${service.title}: \`${names.get("serverFactory", service.name)}\` answering every operation with \`${mockAnswers}\` unless a handler does. With \`stateful\`, a resource a \`POST\` creates is what later operations on its \`{id}\` read, change and delete (see the runtime's \`server/rest-state.ts\`).`,
    ],
    parameters: [
      { name: "handlers", type: names.get("serverHandlers", service.name), initializer: "{}" },
      { name: "options", type: "{ readonly stateful?: boolean }", initializer: "{}" },
    ],
    returnType: file.type("FetchHandler", FETCH),
    statements: `return ${file.value("restServer", SERVER)}(${names.get("serverRoutes", service.name)}, handlers, { answers: ${mockAnswers}, ...(options.stateful === true ? { state: ${file.value("createRestState", STATE)}(${names.get("serverRoutes", service.name)}) } : {}) });`,
  });
}

/** The default answer of one status: a value of its body type, or text for a text body. */
function answerValue(service: Service, op: RestOperation, answer: Answer, seed: number): unknown {
  if (answer.type !== undefined) return synthesizeType(service, answer.type, { seed });
  if (isSuccess(answer.status) && op.wire?.response === "text") return `${op.name} answer`;
  return undefined;
}

/** The documented answers of an operation, in status order; its first success status first among its successes. */
export function answersOf(op: RestOperation): Answer[] {
  const codes = new Set<number>(op.statuses.map((s) => s.code));
  for (const e of op.errorTypes ?? []) if (typeof e.status === "number") codes.add(e.status);
  if (![...codes].some(isSuccess)) codes.add(successStatus(op));
  const json = jsonMediaType(op);
  return [...codes]
    .sort((a, b) => a - b)
    .map((status) => {
      if (isSuccess(status)) {
        if (op.responseType !== undefined && op.wire?.response === undefined)
          return { status, type: op.responseType, mediaType: json };
        if (op.wire?.response !== undefined)
          return { status, mediaType: firstMediaType(op) ?? "application/octet-stream" };
        return { status };
      }
      const type =
        op.errorTypes?.find((e) => e.status === status)?.type ??
        op.errorTypes?.find((e) => e.status === "default")?.type ??
        op.errorType;
      return type !== undefined ? { status, type, mediaType: json } : { status };
    });
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The status of an operation's default answer: its first documented success, else 200 (204 without a body). */
function successStatus(op: RestOperation): number {
  const first = op.statuses.map((s) => s.code).find(isSuccess);
  if (first !== undefined) return first;
  return op.responseType !== undefined || op.wire?.response !== undefined ? 200 : 204;
}

function firstMediaType(op: RestOperation): string | undefined {
  return op.wire?.accept?.split(",")[0]?.trim() || undefined;
}

/** The media type a JSON answer is written with: the contract's first JSON one, else `application/json`. */
function jsonMediaType(op: RestOperation): string {
  const types = (op.wire?.accept ?? "").split(",").map((t) => t.trim());
  return types.find((t) => /[/+]json\b/i.test(t)) ?? "application/json";
}

function routeLiteral(file: TsFile, ctx: EmitContext, op: RestOperation): string {
  const { service, names } = ctx;
  const answers = answersOf(op).map((a) => {
    const parts = [
      ...(a.mediaType !== undefined ? [`mediaType: ${stringLiteral(a.mediaType)}`] : []),
      ...(a.type !== undefined
        ? [
            `write: ${file.value(names.get("serializer", a.type), paths.server(service.name))}`,
            `validate: ${file.value(names.get("validator", a.type), validatorModule(service, a.type))}`,
          ]
        : []),
    ];
    return `${a.status}: ${parts.length === 0 ? "{}" : `{ ${parts.join(", ")} }`}`;
  });
  const request = requestLiteral(file, ctx, op);
  const base = basePath(service, op);
  return `{ name: ${stringLiteral(op.name)}, method: ${stringLiteral(op.httpMethod)}, path: ${stringLiteral(op.path)},${base !== "" ? ` basePath: ${stringLiteral(base)},` : ""} params: [${paramSpecs(file, ctx, op).join(", ")}],${request !== undefined ? ` request: ${request},` : ""} success: ${successStatus(op)}, answers: { ${answers.join(", ")} } }`;
}

/** The path of the operation's base URL, when the contract gives its address (`/v1`); "" otherwise. */
export function basePath(service: Service, op: RestOperation): string {
  const url = service.rest?.baseUrls.find((b) => b.name === op.baseUrl)?.url;
  if (url === undefined) return "";
  try {
    return new URL(url).pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
}

function requestLiteral(file: TsFile, ctx: EmitContext, op: RestOperation): string | undefined {
  const { service, names } = ctx;
  const wire = op.wire?.request;
  if (op.requestType === undefined && wire === undefined) return undefined;
  const mediaType = stringLiteral(wire?.mediaType ?? "application/json");
  const required = requestBodyRequired(op, service);
  const json = (wire?.encoding ?? "json") === "json" && op.requestType !== undefined;
  // An empty form is a form: a required form body whose fields are all empty objects is written as "".
  const form = wire?.encoding === "form" || wire?.encoding === "multipart";
  if (!json) return `{ mediaType: ${mediaType}, required: ${required && !form} }`;
  const parser = names.get("parser", op.requestType!);
  const validator = file.value(
    names.get("validator", op.requestType!),
    paths.validators(service.name),
  );
  return `{ mediaType: ${mediaType}, required: ${required}, read: ${parser}, validate: ${validator} }`;
}

/** The parameters' specs for the runtime's reader (see server/rest-params.ts). */
function paramSpecs(file: TsFile, ctx: EmitContext, op: RestOperation): string[] {
  const { service, names } = ctx;
  const one = (
    name: string,
    place: ParameterPlace,
    ref: TypeRef,
    required: boolean,
    list: boolean,
    facets: Field["facets"],
  ) => {
    // Each facet checked by the validator's own runtime check (see facets/registry.ts).
    const checks = facetChecks(file, { facets }, "value", "path").replace(/^ && /, "");
    const enumValues =
      ref.kind === "enum" ? service.enums.find((e) => e.name === ref.name)?.values : undefined;
    const scalar = ref.kind === "scalar" ? ref.name : ref.kind === "enum" ? "string" : undefined;
    // The handler's `params` holds it under its name in the naming table, when that is not its wire name.
    const key = names.parameter(op.name, place, name);
    const parts = [
      `name: ${stringLiteral(name)}`,
      ...(key !== name ? [`key: ${stringLiteral(key)}`] : []),
      `in: ${stringLiteral(place)}`,
      ...(scalar !== undefined ? [`scalar: ${stringLiteral(scalar)}`] : []),
      ...(required ? ["required: true"] : []),
      ...(list ? ["list: true"] : []),
      ...(enumValues
        ? [`values: [${enumValues.map((v) => stringLiteral(v.value)).join(", ")}]`]
        : []),
      ...(checks !== ""
        ? [
            `check: (value: unknown, path: string, issues: ${file.type("ValidationIssue", paths.runtime("errors.ts"))}[]) => ${checks}`,
          ]
        : []),
    ];
    return `{ ${parts.join(", ")} }`;
  };
  const field = (f: Field, place: ParameterPlace) =>
    one(f.name, place, f.type, f.required, f.list !== undefined, f.facets);
  return [
    ...op.params.map((p: PathParam) => one(p.name, "path", p.type, true, false, p.facets ?? [])),
    ...(op.query ?? []).map((f) => field(f, "query")),
    ...(op.headers ?? []).map((f) => field(f, "header")),
    ...(op.cookies ?? []).map((f) => field(f, "cookie")),
  ];
}

/** The body a handler is given: the request type, text for a body not read as JSON, `undefined` without one. */
function bodyType(file: TsFile, ctx: EmitContext, op: RestOperation): string {
  const wire = op.wire?.request;
  if (op.requestType === undefined && wire === undefined) return "undefined";
  if ((wire?.encoding ?? "json") !== "json" || op.requestType === undefined)
    return "string | undefined";
  const type = file.type(ctx.names.get("type", op.requestType), paths.types(ctx.service.name));
  return requestBodyRequired(op, ctx.service) ? type : `${type} | undefined`;
}

/** The parameters a handler is given, each of the TypeScript form the runtime reads it as. */
function paramsType(file: TsFile, ctx: EmitContext, op: RestOperation): string {
  const { service, names } = ctx;
  const typeOf = (ref: TypeRef) =>
    ref.kind === "object" ? "string" : typeRefExpression(file, service, names, ref);
  const key = (place: ParameterPlace, name: string) =>
    propertyName(names.parameter(op.name, place, name));
  const placed = (place: ParameterPlace, list: readonly Field[] = []) =>
    list.map((f) => ({ place, f }));
  const members = [
    ...op.params.map((p) => `readonly ${key("path", p.name)}: ${typeOf(p.type)}`),
    ...[
      ...placed("query", op.query),
      ...placed("header", op.headers),
      ...placed("cookie", op.cookies),
    ].map(({ place, f }) => {
      const type =
        f.type.kind === "object"
          ? f.list
            ? "string[]"
            : "string"
          : fieldTypeExpression(file, service, names, plainParam(f));
      return `readonly ${key(place, f.name)}${f.required ? "" : "?"}: ${type}`;
    }),
  ];
  return members.length === 0 ? "Record<string, never>" : `{ ${members.join("; ")} }`;
}

/** A parameter's field as the server reads it: never null, never a map. */
function plainParam(f: Field): Field {
  const { nullable: _nullable, map: _map, ...plain } = f;
  return plain;
}

/** The body of each documented answer, by status. */
function answersType(file: TsFile, ctx: EmitContext, op: RestOperation): string {
  const { service, names } = ctx;
  const members = answersOf(op).map((a) => {
    const type =
      a.type !== undefined
        ? file.type(names.get("type", a.type), paths.types(service.name))
        : a.mediaType !== undefined && isSuccess(a.status)
          ? op.wire?.response === "bytes"
            ? "Uint8Array | undefined"
            : "string | undefined"
          : "undefined";
    return `readonly ${a.status}: ${type}`;
  });
  return `{ ${members.join("; ")} }`;
}
