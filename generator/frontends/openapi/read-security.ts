import { describeKind, type JsonArrayNode } from "../json/json-node.js";
import { childPointer } from "../json/json-pointer.js";
import { withArticle } from "./detect-format.js";
import { objectReader, type ObjectReader } from "./object-reader.js";
import type { SecurityRequirement, SecurityScheme } from "./openapi-model.js";
import type { ReadContext } from "./read-context.js";
import { resolveObject } from "./resolve-object.js";

/**
 * The security schemes a document defines (2.0 `securityDefinitions`, 3.x
 * `components/securitySchemes`). Supported: API keys in a header or the
 * query, HTTP basic and bearer, OAuth 2 client credentials. Any other kind
 * is reported (and left out).
 */
export function readSecuritySchemes(context: Pick<ReadContext, "format" | "documents" | "problems">, map: ObjectReader | undefined): SecurityScheme[] {
  const out: SecurityScheme[] = [];
  for (const { key, reader: written } of map?.entries("a security scheme") ?? []) {
    const resolved = resolveObject(context, written, "security scheme");
    if (!resolved) continue;
    const scheme = context.format === "swagger-2.0" ? readSwagger2Scheme(key, resolved.reader) : readOpenApi3Scheme(key, resolved.reader, context.format);
    if (scheme) out.push(scheme);
  }
  return out;
}

function readSwagger2Scheme(name: string, reader: ObjectReader): SecurityScheme | undefined {
  reader.checkKeys("a Swagger 2.0 security scheme", { known: ["type", "description", "name", "in", "flow", "authorizationUrl", "tokenUrl", "scopes"] });
  const type = reader.requiredString("type", "a security scheme");
  const description = reader.string("description");
  const common = { name, at: reader.at, pointer: reader.pointer, ...(description === undefined ? {} : { description }) };
  switch (type) {
    case undefined:
      return undefined;
    case "basic":
      return { kind: "http", scheme: "basic", ...common };
    case "apiKey":
      return readApiKey(reader, common);
    case "oauth2": {
      const flow = reader.requiredString("flow", "an OAuth 2 security scheme");
      if (flow === undefined) return undefined;
      if (flow !== "application") {
        reader.error(reader.member("flow")!.value.at, `the OAuth 2 flow "${flow}" is not supported: only "application" (client credentials) is`, reader.pointerOf("flow"));
        return undefined;
      }
      const tokenUrl = reader.requiredString("tokenUrl", "an OAuth 2 application flow");
      if (tokenUrl === undefined) return undefined;
      return { kind: "oauth2ClientCredentials", tokenUrl, scopes: readScopes(reader), ...common };
    }
    default:
      reader.error(reader.member("type")!.value.at, `unknown security scheme type "${type}"; Swagger 2.0 has "basic", "apiKey" and "oauth2"`, reader.pointerOf("type"));
      return undefined;
  }
}

function readOpenApi3Scheme(name: string, reader: ObjectReader, format: ReadContext["format"]): SecurityScheme | undefined {
  reader.checkKeys(`${withArticle(format)} security scheme`, { known: ["type", "description", "name", "in", "scheme", "bearerFormat", "flows", "openIdConnectUrl"] });
  const type = reader.requiredString("type", "a security scheme");
  const description = reader.string("description");
  const common = { name, at: reader.at, pointer: reader.pointer, ...(description === undefined ? {} : { description }) };
  switch (type) {
    case undefined:
      return undefined;
    case "apiKey":
      return readApiKey(reader, common);
    case "http": {
      const scheme = reader.requiredString("scheme", "an HTTP security scheme");
      if (scheme === undefined) return undefined;
      const lower = scheme.toLowerCase();
      if (lower !== "basic" && lower !== "bearer") {
        reader.error(reader.member("scheme")!.value.at, `the HTTP authentication scheme "${scheme}" is not supported: only "basic" and "bearer" are`, reader.pointerOf("scheme"));
        return undefined;
      }
      const bearerFormat = reader.string("bearerFormat");
      return { kind: "http", scheme: lower, ...(bearerFormat === undefined || lower !== "bearer" ? {} : { bearerFormat }), ...common };
    }
    case "oauth2": {
      const flows = reader.object("flows");
      if (!flows) {
        reader.error(reader.at, 'an OAuth 2 security scheme needs "flows"');
        return undefined;
      }
      flows.checkKeys("OAuth 2 flows", {
        known: ["clientCredentials"],
        unsupported: new Map([
          ["implicit", "only client credentials are (a client generated for a server cannot sign a user in)"],
          ["password", "only client credentials are"],
          ["authorizationCode", "only client credentials are (a client generated for a server cannot sign a user in)"],
        ]),
      });
      const flow = flows.object("clientCredentials");
      if (!flow) {
        if (!flows.has("clientCredentials")) reader.error(flows.at, "the OAuth 2 security scheme has no clientCredentials flow, the only one supported", flows.pointer);
        return undefined;
      }
      flow.checkKeys("an OAuth 2 flow", { known: ["tokenUrl", "refreshUrl", "scopes"] });
      const tokenUrl = flow.requiredString("tokenUrl", "an OAuth 2 client credentials flow");
      const refreshUrl = flow.string("refreshUrl");
      if (tokenUrl === undefined) return undefined;
      return { kind: "oauth2ClientCredentials", tokenUrl, ...(refreshUrl === undefined ? {} : { refreshUrl }), scopes: readScopes(flow), ...common };
    }
    case "openIdConnect":
    case "mutualTLS":
      reader.error(reader.member("type")!.value.at, `the security scheme type "${type}" is not supported: use apiKey, http (basic or bearer) or oauth2 client credentials`, reader.pointerOf("type"));
      return undefined;
    default:
      reader.error(reader.member("type")!.value.at, `unknown security scheme type "${type}"`, reader.pointerOf("type"));
      return undefined;
  }
}

function readApiKey(reader: ObjectReader, common: { name: string; at: SecurityScheme["at"]; pointer: string; description?: string }): SecurityScheme | undefined {
  const parameterName = reader.requiredString("name", "an API key security scheme");
  const location = reader.requiredString("in", "an API key security scheme");
  if (parameterName === undefined || location === undefined) return undefined;
  if (location !== "header" && location !== "query") {
    reader.error(reader.member("in")!.value.at, `an API key in "${location}" is not supported: only "header" and "query" are`, reader.pointerOf("in"));
    return undefined;
  }
  return { kind: "apiKey", in: location, parameterName, ...common };
}

function readScopes(reader: ObjectReader): { name: string; description: string }[] {
  const scopes = reader.object("scopes");
  if (!scopes) return [];
  const out: { name: string; description: string }[] = [];
  for (const member of scopes.node.members.values()) {
    if (member.key.startsWith("x-")) continue;
    if (member.value.kind === "string") out.push({ name: member.key, description: member.value.value });
    else scopes.error(member.value.at, `a scope's description must be a string, not ${describeKind(member.value)}`, scopes.pointerOf(member.key));
  }
  return out;
}

/**
 * A `security` list: alternatives, each naming schemes (with scopes) that
 * apply together. A name the document does not define is reported.
 */
export function readSecurityRequirements(context: ReadContext, list: JsonArrayNode, document: ObjectReader["document"], pointer: string): SecurityRequirement[] {
  const out: SecurityRequirement[] = [];
  list.items.forEach((item, i) => {
    const reader = objectReader(item, document, childPointer(pointer, i), context.problems, "a security requirement");
    if (!reader) return;
    const schemes: { name: string; scopes: string[] }[] = [];
    for (const member of reader.node.members.values()) {
      if (!context.securitySchemeNames.has(member.key)) {
        reader.error(member.keyAt, `the security scheme "${member.key}" is not defined`, reader.pointerOf(member.key));
        continue;
      }
      const scopes = reader.stringArray(member.key);
      if (scopes) schemes.push({ name: member.key, scopes });
    }
    out.push({ schemes, at: reader.at, pointer: reader.pointer });
  });
  return out;
}
