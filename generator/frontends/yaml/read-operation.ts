import type { JsonNode } from "../json/json-node.js";
import type { SoapHeaderDescription } from "../../description/description.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { HttpMethod, RetryGuidance } from "../../model/vocabulary.js";
import type { OperationAst, PathValueAst, StatusAst } from "./yaml-ast.js";
import { isXmlElementName, readNamespace } from "./read-xml-names.js";
import type { Entry, SchemaReader } from "./schema-reader.js";
import { DOC_KEYS, readDocs } from "./read-docs.js";
import { readFields } from "./read-field.js";
import { readPathValues } from "./read-path-values.js";
import { readTypeBody } from "./read-type.js";
import { parseIsoDuration } from "./iso-duration.js";

const HTTP_METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const SOAP_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const REST_NAME = /^[a-z][A-Za-z0-9]*$/;

/** Reads one entry of `operations:` for a service of the given protocol. */
export function readOperation(
  r: SchemaReader,
  entry: Entry,
  protocol: "soap" | "rest",
): OperationAst | undefined {
  return protocol === "soap" ? readSoap(r, entry) : readRest(r, entry);
}

function readSoap(r: SchemaReader, entry: Entry): OperationAst | undefined {
  if (!SOAP_NAME.test(entry.key))
    r.error(
      entry.keyAt,
      `SOAP operation name "${entry.key}" must be letters and digits, starting with a letter`,
    );
  const e = r.map(entry.node, entry.at, `operation "${entry.key}"`, [
    "auth",
    "request",
    "response",
    "soapAction",
    "headers",
    "resultOptional",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  const request = e.get("request");
  const response = e.get("response");
  const req = request
    ? readTypeBody(r, request.node, request.at, `request of "${entry.key}"`)
    : undefined;
  const res = response
    ? readTypeBody(r, response.node, response.at, `response of "${entry.key}"`)
    : undefined;
  for (const [part, body] of [
    ["request", req],
    ["response", res],
  ] as const) {
    if (body?.body.extends)
      r.error(
        body.body.extends.at,
        `the ${part} of a SOAP operation extends the service's ${part === "request" ? "requestBase" : "responseBase"}; "extends" is not allowed here`,
      );
    if (body?.body.kind === "choice")
      r.error(body.body.at, `the ${part} of an operation cannot be a choice`);
  }
  const soapAction = r.string(e.get("soapAction"), "soapAction");
  const headers = r
    .seq(e.get("headers"), "headers")
    .flatMap((node) => readSoapHeader(r, node) ?? []);
  return {
    protocol: "soap",
    name: entry.key,
    at: entry.keyAt,
    auth: r.boolean(e.get("auth"), "auth") ?? true,
    ...(soapAction !== undefined ? { soapAction } : {}),
    ...(headers.length > 0 ? { headers } : {}),
    ...(r.boolean(e.get("resultOptional"), "resultOptional") ? { resultOptional: true } : {}),
    ...(req ? { request: req.body } : {}),
    ...(res ? { response: res.body } : {}),
    ...readDocs(r, e),
  };
}

/** One element of a request's SOAP header: `{ name, type, namespace?, doc? }`. */
function readSoapHeader(r: SchemaReader, node: JsonNode): SoapHeaderDescription | undefined {
  const at = r.at(node);
  const e = r.map(node, at, "a SOAP header", ["name", "type", "namespace", "doc"]);
  if (!e) return undefined;
  const name = r.requiredString(e, "name", at, "a SOAP header");
  const type = r.requiredString(e, "type", at, "a SOAP header");
  if (name === undefined || type === undefined) return undefined;
  if (!isXmlElementName(name))
    r.error(e.get("name")!.at, `SOAP header "${name}" is not a valid XML element name`);
  const namespace = readNamespace(r, e.get("namespace"), "namespace");
  const doc = r.prose(e, "doc", "doc")?.trim();
  return {
    name,
    at: e.get("name")!.at,
    type: { name: type, at: e.get("type")!.at },
    ...(namespace !== undefined ? { namespace } : {}),
    ...(doc ? { doc } : {}),
  };
}

function readRest(r: SchemaReader, entry: Entry): OperationAst | undefined {
  if (!REST_NAME.test(entry.key))
    r.error(
      entry.keyAt,
      `REST operation name "${entry.key}" must be lowerCamel (letters and digits, starting with a lower-case letter)`,
    );
  const e = r.map(entry.node, entry.at, `operation "${entry.key}"`, [
    "http",
    "params",
    "request",
    "response",
    "statuses",
    "idempotent",
    "links",
    "timeout",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  const httpEntry = e.get("http");
  if (!httpEntry) {
    r.error(entry.keyAt, `REST operation "${entry.key}" needs "http" (method, path, baseUrl)`);
    return undefined;
  }
  const h = r.map(httpEntry.node, httpEntry.at, "http", ["method", "path", "baseUrl"]);
  if (!h) return undefined;
  const method = r.requiredString(h, "method", httpEntry.at, "http");
  const path = r.requiredString(h, "path", httpEntry.at, "http");
  const baseUrl = r.requiredString(h, "baseUrl", httpEntry.at, "http");
  if (method === undefined || path === undefined || baseUrl === undefined) return undefined;
  if (!HTTP_METHODS.includes(method as HttpMethod)) {
    r.error(h.get("method")!.at, `http method must be one of ${HTTP_METHODS.join(", ")}`);
    return undefined;
  }
  if (!/^\/[A-Za-z0-9_\-./{}]*$/.test(path))
    r.error(
      h.get("path")!.at,
      "http path must start with / and hold only letters, digits, - _ . / and {param}",
    );
  let requestConstants: PathValueAst[] = [];
  const body = (key: "request" | "response") => {
    const be = e.get(key);
    if (!be) return undefined;
    const read = readTypeBody(
      r,
      be.node,
      be.at,
      `${key} of "${entry.key}"`,
      key === "request" ? ["type", "constants"] : ["type"],
    );
    if (!read) return undefined;
    if (key === "request") requestConstants = readPathValues(r, read.entries, "constants");
    const typeName = r.string(read.entries.get("type"), "type");
    const hasBody = read.entries.has("fields") || read.body.kind === "opaque";
    if (typeName !== undefined && hasBody)
      r.error(be.at, `${key} gives both "type" and a body; give one`);
    if (typeName === undefined && !hasBody)
      r.error(be.at, `${key} needs "type", "fields" or "opaque: true"`);
    return typeName !== undefined
      ? { type: { name: typeName, at: read.entries.get("type")!.at }, at: be.at }
      : { body: read.body, at: be.at };
  };
  const request = body("request");
  const response = body("response");
  const statuses: StatusAst[] = [];
  for (const item of r.seq(e.get("statuses"), "statuses")) {
    const s = r.map(item, r.at(item), "status", ["code", "meaning", "retry"]);
    if (!s) continue;
    const code = r.integer(s.get("code"), "status code", 100, 599);
    const meaning = r.requiredProse(s, "meaning", r.at(item), "a status");
    if (!s.has("code")) r.error(r.at(item), 'a status needs "code"');
    const retry = s.get("retry") ? readRetry(r, s.get("retry")!) : undefined;
    if (code !== undefined && meaning !== undefined)
      statuses.push({ code, at: s.get("code")!.at, meaning, ...(retry ? { retry } : {}) });
  }
  const links: {
    name: string;
    at: Position;
    operation: { name: string; at: Position };
    method: string;
  }[] = [];
  const linksEntry = e.get("links");
  if (linksEntry) {
    for (const l of r.namedMap(linksEntry.node, linksEntry.at, "links")) {
      const le = r.map(l.node, l.at, `link "${l.key}"`, ["operation", "method"]);
      if (!le) continue;
      const operation = r.requiredString(le, "operation", l.keyAt, `link "${l.key}"`);
      const method = r.requiredString(le, "method", l.keyAt, `link "${l.key}"`);
      if (method !== undefined && !/^[a-z][A-Za-z0-9]*$/.test(method))
        r.error(le.get("method")!.at, `link method "${method}" must be lowerCamel`);
      if (operation !== undefined && method !== undefined)
        links.push({
          name: l.key,
          at: l.keyAt,
          operation: { name: operation, at: le.get("operation")!.at },
          method,
        });
    }
  }
  const timeoutText = r.string(e.get("timeout"), "timeout");
  const timeoutMs = timeoutText === undefined ? undefined : parseIsoDuration(timeoutText);
  if (timeoutText !== undefined && timeoutMs === undefined)
    r.error(e.get("timeout")!.at, 'timeout must be an ISO 8601 duration such as "PT3M"');
  return {
    protocol: "rest",
    links,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    name: entry.key,
    at: entry.keyAt,
    httpMethod: method as HttpMethod,
    path,
    pathAt: h.get("path")!.at,
    baseUrl: { name: baseUrl, at: h.get("baseUrl")!.at },
    params: readFields(r, r.seq(e.get("params"), "params")),
    ...(request ? { request } : {}),
    requestConstants,
    ...(response ? { response } : {}),
    statuses,
    idempotent: r.boolean(e.get("idempotent"), "idempotent") ?? method === "GET",
    ...readDocs(r, e),
  };
}

/** Reads retry guidance (on a status or on a REST service). */
export function readRetry(r: SchemaReader, entry: Entry): RetryGuidance | undefined {
  const e = r.map(entry.node, entry.at, "retry", [
    "retryAfter",
    "delay",
    "minAttempts",
    "maxAttempts",
    "backoff",
    "noImmediateRetryAfterTimeout",
  ]);
  if (!e) return undefined;
  const delayText = r.string(e.get("delay"), "delay");
  let delayMs: number | undefined;
  if (delayText !== undefined) {
    delayMs = parseIsoDuration(delayText);
    if (delayMs === undefined)
      r.error(e.get("delay")!.at, 'delay must be an ISO 8601 duration such as "PT5M"');
  }
  const backoff = r.string(e.get("backoff"), "backoff");
  if (backoff !== undefined && backoff !== "exponential")
    r.error(e.get("backoff")!.at, 'backoff must be "exponential"');
  const minAttempts = r.integer(e.get("minAttempts"), "minAttempts", 1, 100);
  const maxAttempts = r.integer(e.get("maxAttempts"), "maxAttempts", 1, 100);
  if (minAttempts !== undefined && maxAttempts !== undefined && minAttempts > maxAttempts)
    r.error(e.get("minAttempts")!.at, "minAttempts is greater than maxAttempts");
  const retryAfter = r.boolean(e.get("retryAfter"), "retryAfter");
  const noImmediate = r.boolean(
    e.get("noImmediateRetryAfterTimeout"),
    "noImmediateRetryAfterTimeout",
  );
  return {
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
    ...(minAttempts !== undefined ? { minAttempts } : {}),
    ...(maxAttempts !== undefined ? { maxAttempts } : {}),
    ...(backoff === "exponential" ? { backoff } : {}),
    ...(noImmediate !== undefined ? { noImmediateRetryAfterTimeout: noImmediate } : {}),
  };
}
