import { compareText } from "../../diagnostics/diagnostic.js";
import { pascalCase } from "../../naming/case.js";
import { withArticle } from "./detect-format.js";
import type { ObjectReader } from "../json/object-reader.js";
import type { SourceDocument } from "./document-set.js";
import type {
  BaseUrl,
  HttpMethod,
  MediaContent,
  Operation,
  Parameter,
  Property,
  RequestBody,
  SecurityRequirement,
} from "./openapi-model.js";
import type { ReadContext } from "./read-context.js";
import { anyJsonContent, readMediaTypeMap } from "./read-content.js";
import { parameterReaders, readParameter, type ReadParameterResult } from "./read-parameter.js";
import { readResponses } from "./read-response.js";
import { readCallbacks } from "./read-webhooks.js";
import { baseSlot } from "./read-schema.js";
import { readSecurityRequirements } from "./read-security.js";
import { readSchemes, readServers, swagger2BaseUrls } from "./read-servers.js";
import { resolveObjectOrMissing } from "./resolve-object.js";
import { pathTemplateNames } from "./operation-name.js";

/** One operation to read, its name already settled. */
export interface OperationSite {
  /** The path template, without the query part some contracts write in it. */
  readonly path: string;
  /** The `{name}`s of the query part written in the path (`/search?query={query}`), read past. */
  readonly queryPartNames: readonly string[];
  readonly method: HttpMethod;
  readonly reader: ObjectReader<SourceDocument>;
  readonly name: string;
  readonly nameFrom: Operation["nameFrom"];
  /** The path item's `parameters`, each as written. */
  readonly pathParameters: readonly ObjectReader<SourceDocument>[];
  /** The path item's `servers` (3.x), when it has its own. */
  readonly pathBaseUrls?: readonly BaseUrl[];
  /** The document's security requirement, if any. */
  readonly security?: readonly SecurityRequirement[];
}

const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Reads one operation: its parameters (the path item's merged in), request
 * body, responses, security and base URLs. `undefined` (with a warning) when
 * its path template and path parameters disagree: the operation is left out.
 */
export function readOperation(context: ReadContext, site: OperationSite): Operation | undefined {
  const reader = site.reader;
  const swagger2 = context.format === "swagger-2.0";
  reader.checkKeys(`${withArticle(context.format)} operation`, {
    known: swagger2
      ? [
          "tags",
          "summary",
          "description",
          "externalDocs",
          "operationId",
          "consumes",
          "produces",
          "parameters",
          "responses",
          "schemes",
          "deprecated",
          "security",
        ]
      : [
          "tags",
          "summary",
          "description",
          "externalDocs",
          "operationId",
          "parameters",
          "requestBody",
          "responses",
          "deprecated",
          "security",
          "servers",
          "callbacks",
        ],
  });
  const typeName = pascalCase(site.name) || "Operation";
  const parameters = readAllParameters(context, site, typeName);
  let requestBody: RequestBody | undefined;
  if (swagger2) requestBody = swagger2RequestBody(context, reader, parameters.bodies, typeName);
  else {
    const written = reader.object("requestBody");
    const resolved = written
      ? resolveObjectOrMissing(
          context,
          written,
          "request body",
          "the body is read as any JSON value",
        )
      : undefined;
    if (resolved === "missing")
      requestBody = {
        required: false,
        content: anyJsonContent(written!),
        at: written!.at,
        pointer: written!.pointer,
      };
    else if (resolved)
      requestBody = readRequestBody(context, resolved.reader, typeName, resolved.description);
  }
  const responsesReader = reader.object("responses");
  if (!responsesReader && context.format !== "openapi-3.1")
    reader.error(reader.at, 'an operation needs "responses"');
  const produces = swagger2 ? (reader.stringArray("produces") ?? context.produces) : [];
  const responses = responsesReader
    ? readResponses(context, responsesReader, typeName, produces)
    : [];
  const securityList = reader.array("security");
  const security = securityList
    ? readSecurityRequirements(context, securityList, reader.document, reader.pointerOf("security"))
    : site.security;
  const summary = reader.string("summary");
  const description = reader.string("description");
  const parameterList = checkPathTemplate(reader, site, parameters.list);
  const callbacks = swagger2 ? [] : readCallbacks(context, reader.object("callbacks"), site.name);
  if (!parameterList) return undefined;
  return {
    name: site.name,
    nameFrom: site.nameFrom,
    method: site.method,
    path: site.path,
    ...(summary === undefined ? {} : { summary }),
    ...(description === undefined ? {} : { description }),
    ...(reader.boolean("deprecated") ? { deprecated: true as const } : {}),
    tags: reader.stringArray("tags") ?? [],
    parameters: parameterList,
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(security ? { security } : {}),
    baseUrls: operationBaseUrls(context, site),
    ...(produces.length > 0 ? { produces } : {}),
    ...(callbacks.length > 0 ? { callbacks } : {}),
    at: reader.at,
    pointer: reader.pointer,
  };
}

/**
 * The path item's parameters, then the operation's: an operation's
 * parameter replaces the path item's of the same name and location (header
 * names compared without case). The same parameter twice in one list is
 * reported. 2.0 body and form parameters are returned apart.
 */
function readAllParameters(
  context: ReadContext,
  site: OperationSite,
  typeName: string,
): { list: Parameter[]; bodies: ReadParameterResult[] } {
  const byKey = new Map<string, Parameter>();
  const bodies = new Map<string, ReadParameterResult>();
  const operationReaders = parameterReaders(context, site.reader);
  for (const [level, readers] of [
    ["path", site.pathParameters],
    ["operation", operationReaders],
  ] as const) {
    const seen = new Map<string, ObjectReader<SourceDocument>>();
    for (const written of readers) {
      const result = readParameter(context, written, typeName);
      if (!result) continue;
      const key =
        result.kind === "parameter"
          ? parameterKey(result.parameter)
          : result.kind === "body"
            ? "body"
            : `formData:${result.name}`;
      const first = seen.get(key);
      if (first) {
        const [location, name] = [
          key.slice(0, key.indexOf(":")) || key,
          key.slice(key.indexOf(":") + 1),
        ];
        const what = key === "body" ? "the body parameter" : `the ${location} parameter "${name}"`;
        written.warning(
          written.at,
          "duplicate-parameter",
          `${what} is listed twice in this ${level}'s parameters (first at ${first.at.line}:${first.at.col}): the first is read`,
        );
        continue;
      }
      seen.set(key, written);
      if (result.kind === "parameter") {
        byKey.delete(key);
        byKey.set(key, result.parameter);
      } else {
        bodies.delete(key);
        bodies.set(key, result);
      }
    }
  }
  return { list: [...byKey.values()], bodies: [...bodies.values()] };
}

function parameterKey(parameter: Parameter): string {
  return `${parameter.in}:${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`;
}

/** A 2.0 body: the `body` parameter, or the `formData` parameters as the properties of one object. */
function swagger2RequestBody(
  context: ReadContext,
  reader: ObjectReader<SourceDocument>,
  bodies: readonly ReadParameterResult[],
  typeName: string,
): RequestBody | undefined {
  const body = bodies.find((b) => b.kind === "body");
  const form = bodies.filter(
    (b): b is Extract<ReadParameterResult, { kind: "form" }> => b.kind === "form",
  );
  const consumes = reader.stringArray("consumes") ?? context.consumes;
  if (body && body.kind === "body") {
    if (form.length > 0)
      reader.error(
        form[0]!.at,
        "an operation cannot have both a body parameter and form parameters",
        form[0]!.pointer,
      );
    const content: MediaContent[] = (consumes.length > 0 ? consumes : ["application/json"]).map(
      (mediaType) => ({
        mediaType,
        schema: body.schema,
        examples: [],
        at: body.at,
        pointer: body.pointer,
      }),
    );
    return {
      required: body.required,
      ...(body.description === undefined ? {} : { description: body.description }),
      content,
      at: body.at,
      pointer: body.pointer,
    };
  }
  if (form.length === 0) return undefined;
  const declared = consumes.filter((m) => FORM_MEDIA_TYPES.includes(m.replace(/;.*$/, "").trim()));
  if (consumes.length > 0 && declared.length === 0) {
    reader.error(
      form[0]!.at,
      `form parameters need consumes to list ${FORM_MEDIA_TYPES.join(" or ")}`,
      form[0]!.pointer,
    );
  }
  const mediaTypes =
    declared.length > 0
      ? declared
      : [form.some((f) => f.isFile) ? "multipart/form-data" : "application/x-www-form-urlencoded"];
  if (form.some((f) => f.isFile) && !mediaTypes.some((m) => m.startsWith("multipart/form-data"))) {
    reader.error(
      form.find((f) => f.isFile)!.at,
      "a file parameter needs consumes: multipart/form-data",
      form.find((f) => f.isFile)!.pointer,
    );
  }
  const properties: Property[] = form.map((f) => ({
    name: f.name,
    required: f.required,
    schema:
      f.description === undefined || f.schema.kind !== "shape"
        ? f.schema
        : { ...f.schema, description: f.description },
    at: f.at,
    pointer: f.pointer,
  }));
  const pointer = reader.pointerOf("parameters");
  const shape = {
    kind: "shape" as const,
    types: ["object" as const],
    properties,
    at: form[0]!.at,
    pointer,
  };
  const entry = context.schemas.graph.addInline(
    shape,
    baseSlot(`${typeName}Request`),
    reader.document,
    undefined,
  );
  const schema = context.schemas.graph.refTo(entry, shape.at, pointer);
  const content = mediaTypes.map((mediaType) => ({
    mediaType,
    schema,
    examples: [],
    at: shape.at,
    pointer,
  }));
  return { required: form.some((f) => f.required), content, at: shape.at, pointer };
}

/** A 3.x `requestBody`. */
function readRequestBody(
  context: ReadContext,
  reader: ObjectReader<SourceDocument>,
  typeName: string,
  useDescription: string | undefined,
): RequestBody {
  reader.checkKeys(`${withArticle(context.format)} request body`, {
    known: ["description", "content", "required"],
  });
  const content = reader.object("content");
  if (!content) reader.error(reader.at, 'a request body needs "content"');
  const description = useDescription ?? reader.string("description");
  return {
    required: reader.boolean("required") ?? false,
    ...(description === undefined ? {} : { description }),
    content: content ? readMediaTypeMap(context, content, `${typeName}Request`) : [],
    at: reader.at,
    pointer: reader.pointer,
  };
}

/**
 * Every `{name}` of the path has a path parameter, and every path parameter a
 * `{name}`: the parameters, once path parameters named only in the path's
 * query part are query parameters and path parameters the path does not use
 * are left out (a warning). `undefined` when the path uses a name twice or
 * one no parameter declares: the operation is left out (a warning).
 */
function checkPathTemplate(
  reader: ObjectReader<SourceDocument>,
  site: OperationSite,
  parameters: readonly Parameter[],
): Parameter[] | undefined {
  const path = site.path;
  const names = pathTemplateNames(path);
  const declared = parameters.filter((p) => p.in === "path");
  let complete = true;
  for (const name of [...new Set(names)].sort(compareText)) {
    if (names.filter((n) => n === name).length > 1) {
      reader.warning(
        reader.at,
        "path-template",
        `the path ${path} uses {${name}} twice: the operation is left out`,
      );
      complete = false;
    }
    if (!declared.some((p) => p.name === name)) {
      reader.warning(
        reader.at,
        "path-template",
        `the path ${path} has {${name}}, but the operation declares no path parameter "${name}": the operation is left out`,
      );
      complete = false;
    }
  }
  const kept = parameters.flatMap((parameter): Parameter[] => {
    if (parameter.in !== "path" || names.includes(parameter.name)) return [parameter];
    const asQuery = parameters.some((p) => p.in === "query" && p.name === parameter.name);
    if (site.queryPartNames.includes(parameter.name) && !asQuery)
      return [{ ...parameter, in: "query", style: "form", explode: true }];
    reader.warning(
      parameter.at,
      "path-template",
      `the path parameter "${parameter.name}" does not appear in the path ${path}: it is left out`,
      parameter.pointer,
    );
    return [];
  });
  return complete ? kept : undefined;
}

/** The operation's own servers (3.x) or schemes (2.0), else its path's servers, else the document's. */
function operationBaseUrls(context: ReadContext, site: OperationSite): readonly BaseUrl[] {
  const reader = site.reader;
  if (context.format === "swagger-2.0") {
    const schemes = readSchemes(context, reader.array("schemes"), reader.pointerOf("schemes"));
    if (schemes && context.swagger2Server) {
      return swagger2BaseUrls(
        context.swagger2Server.host,
        context.swagger2Server.basePath,
        schemes,
        reader.member("schemes")!.value.at,
        reader.pointerOf("schemes"),
      );
    }
    return context.baseUrls;
  }
  const servers = reader.array("servers");
  if (servers && servers.items.length > 0)
    return readServers(context, servers, reader.document, reader.pointerOf("servers"), servers.at);
  return site.pathBaseUrls ?? context.baseUrls;
}
