import { describeKind, type JsonArrayNode } from "../json/json-node.js";
import { childPointer } from "../json/json-pointer.js";
import { withArticle } from "./detect-format.js";
import { objectReader, type ObjectReader } from "../json/object-reader.js";
import type { SourceDocument } from "./document-set.js";
import type { SecurityRequirement, SecurityScheme } from "./openapi-model.js";
import type { ReadContext } from "./read-context.js";
import { resolveObject } from "./resolve-object.js";

/**
 * The security schemes a document defines (2.0 `securityDefinitions`, 3.x
 * `components/securitySchemes`): API keys, HTTP basic and bearer, OAuth 2
 * of every flow and OpenID Connect (bearer tokens the caller gets). What the
 * client cannot send (mutual TLS, other HTTP schemes, a key in a cookie) is
 * left out with a warning: the caller signs such requests.
 */
export function readSecuritySchemes(
  context: Pick<ReadContext, "format" | "documents" | "problems">,
  map: ObjectReader<SourceDocument> | undefined,
): SecurityScheme[] {
  const out: SecurityScheme[] = [];
  for (const { key, reader: written } of map?.entries("a security scheme") ?? []) {
    const resolved = resolveObject(context, written, "security scheme");
    if (!resolved) continue;
    const scheme =
      context.format === "swagger-2.0"
        ? readSwagger2Scheme(key, resolved.reader)
        : readOpenApi3Scheme(key, resolved.reader, context.format);
    if (scheme) out.push(scheme);
  }
  return out;
}

function readSwagger2Scheme(
  name: string,
  reader: ObjectReader<SourceDocument>,
): SecurityScheme | undefined {
  reader.checkKeys("a Swagger 2.0 security scheme", {
    known: ["type", "description", "name", "in", "flow", "authorizationUrl", "tokenUrl", "scopes"],
  });
  const type = reader.requiredString("type", "a security scheme");
  const description = reader.string("description");
  const common = {
    name,
    at: reader.at,
    pointer: reader.pointer,
    ...(description === undefined ? {} : { description }),
  };
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
      const url = reader.string("tokenUrl") ?? reader.string("authorizationUrl");
      return {
        kind: "oauth2",
        flows: [SWAGGER2_FLOWS[flow] ?? flow],
        ...(url === undefined ? {} : { tokenUrl: url }),
        scopes: readScopes(reader),
        ...common,
      };
    }
    default:
      reader.error(
        reader.member("type")!.value.at,
        `unknown security scheme type "${type}"; Swagger 2.0 has "basic", "apiKey" and "oauth2"`,
        reader.pointerOf("type"),
      );
      return undefined;
  }
}

function readOpenApi3Scheme(
  name: string,
  reader: ObjectReader<SourceDocument>,
  format: ReadContext["format"],
): SecurityScheme | undefined {
  reader.checkKeys(`${withArticle(format)} security scheme`, {
    known: [
      "type",
      "description",
      "name",
      "in",
      "scheme",
      "bearerFormat",
      "flows",
      "openIdConnectUrl",
    ],
  });
  const type = reader.requiredString("type", "a security scheme");
  const description = reader.string("description");
  const common = {
    name,
    at: reader.at,
    pointer: reader.pointer,
    ...(description === undefined ? {} : { description }),
  };
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
        reader.warning(
          reader.member("scheme")!.value.at,
          "security-scheme",
          `the HTTP authentication scheme "${scheme}" is not sent by the client (only basic and bearer are): sign such requests with the client's signer option`,
          reader.pointerOf("scheme"),
        );
        return undefined;
      }
      const bearerFormat = reader.string("bearerFormat");
      return {
        kind: "http",
        scheme: lower,
        ...(bearerFormat === undefined || lower !== "bearer" ? {} : { bearerFormat }),
        ...common,
      };
    }
    case "oauth2":
      return readOAuth2Flows(reader, common);
    case "openIdConnect": {
      const url = reader.requiredString("openIdConnectUrl", "an OpenID Connect security scheme");
      return {
        kind: "oauth2",
        flows: ["openIdConnect"],
        ...(url === undefined ? {} : { tokenUrl: url }),
        scopes: [],
        ...common,
      };
    }
    case "mutualTLS":
      reader.warning(
        reader.member("type")!.value.at,
        "security-scheme",
        "mutual TLS is the transport's: the client sends no credential for it (give the client a fetch whose agent holds the certificate)",
        reader.pointerOf("type"),
      );
      return undefined;
    default:
      reader.error(
        reader.member("type")!.value.at,
        `unknown security scheme type "${type}"`,
        reader.pointerOf("type"),
      );
      return undefined;
  }
}

/** 2.0 flow names, as 3.x names them. */
const SWAGGER2_FLOWS: Readonly<Record<string, string>> = {
  application: "clientCredentials",
  accessCode: "authorizationCode",
  implicit: "implicit",
  password: "password",
};

/** What every security scheme has, whatever its kind. */
interface SchemeCommon {
  name: string;
  at: SecurityScheme["at"];
  pointer: string;
  description?: string;
}

/** 3.x OAuth 2 flows, every kind: one bearer-token scheme, the flows and scopes said in its documentation. */
function readOAuth2Flows(
  reader: ObjectReader<SourceDocument>,
  common: SchemeCommon,
): SecurityScheme | undefined {
  const flows = reader.object("flows");
  if (!flows) {
    reader.error(reader.at, 'an OAuth 2 security scheme needs "flows"');
    return undefined;
  }
  flows.checkKeys("OAuth 2 flows", {
    known: ["clientCredentials", "authorizationCode", "implicit", "password"],
  });
  const names: string[] = [];
  const scopes = new Map<string, { name: string; description: string }>();
  let tokenUrl: string | undefined;
  let refreshUrl: string | undefined;
  for (const { key, reader: flow } of flows.entries("an OAuth 2 flow")) {
    flow.checkKeys("an OAuth 2 flow", {
      known: ["authorizationUrl", "tokenUrl", "refreshUrl", "scopes"],
    });
    names.push(key);
    tokenUrl ??= flow.string("tokenUrl") ?? flow.string("authorizationUrl");
    refreshUrl ??= flow.string("refreshUrl");
    for (const scope of readScopes(flow))
      if (!scopes.has(scope.name)) scopes.set(scope.name, scope);
  }
  if (names.length === 0) {
    reader.error(flows.at, "an OAuth 2 security scheme needs at least one flow", flows.pointer);
    return undefined;
  }
  return {
    kind: "oauth2",
    flows: names,
    ...(tokenUrl === undefined ? {} : { tokenUrl }),
    ...(refreshUrl === undefined ? {} : { refreshUrl }),
    scopes: [...scopes.values()],
    ...common,
  };
}

function readApiKey(
  reader: ObjectReader<SourceDocument>,
  common: SchemeCommon,
): SecurityScheme | undefined {
  const parameterName = reader.requiredString("name", "an API key security scheme");
  const location = reader.requiredString("in", "an API key security scheme");
  if (parameterName === undefined || location === undefined) return undefined;
  if (location !== "header" && location !== "query") {
    reader.warning(
      reader.member("in")!.value.at,
      "security-scheme",
      `an API key in "${location}" is not sent by the client (only one in a header is): sign such requests with the client's signer option`,
      reader.pointerOf("in"),
    );
    return undefined;
  }
  return { kind: "apiKey", in: location, parameterName, ...common };
}

function readScopes(reader: ObjectReader<SourceDocument>): { name: string; description: string }[] {
  const scopes = reader.object("scopes");
  if (!scopes) return [];
  const out: { name: string; description: string }[] = [];
  for (const member of scopes.node.members.values()) {
    if (member.key.startsWith("x-")) continue;
    if (member.value.kind === "string")
      out.push({ name: member.key, description: member.value.value });
    else
      scopes.error(
        member.value.at,
        `a scope's description must be a string, not ${describeKind(member.value)}`,
        scopes.pointerOf(member.key),
      );
  }
  return out;
}

/**
 * A `security` list: alternatives, each naming schemes (with scopes) that
 * apply together. A name the document does not define is reported.
 */
export function readSecurityRequirements(
  context: ReadContext,
  list: JsonArrayNode,
  document: ObjectReader<SourceDocument>["document"],
  pointer: string,
): SecurityRequirement[] {
  const out: SecurityRequirement[] = [];
  list.items.forEach((item, i) => {
    const reader = objectReader(
      item,
      document,
      childPointer(pointer, i),
      context.problems,
      "a security requirement",
    );
    if (!reader) return;
    const schemes: { name: string; scopes: string[] }[] = [];
    for (const member of reader.node.members.values()) {
      if (!context.securitySchemeNames.has(member.key)) {
        reader.error(
          member.keyAt,
          `the security scheme "${member.key}" is not defined`,
          reader.pointerOf(member.key),
        );
        continue;
      }
      const scopes = reader.stringArray(member.key);
      if (scopes) schemes.push({ name: member.key, scopes });
    }
    out.push({ schemes, at: reader.at, pointer: reader.pointer });
  });
  return out;
}
