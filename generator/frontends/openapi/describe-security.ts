import type { Named, SecuritySchemeDescription } from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import type { DescribeContext } from "./describe-context.js";
import type { ApiDocument, Operation } from "./openapi-model.js";

/**
 * The document's security schemes as the service's: an API key sent in a
 * header, HTTP basic or bearer, OAuth 2 and OpenID Connect as a bearer token
 * the client is given. An API key sent in the query is left out, approximated.
 */
export function describeSecuritySchemes(
  ctx: DescribeContext,
  doc: ApiDocument,
): SecuritySchemeDescription[] {
  const security: SecuritySchemeDescription[] = [];
  for (const s of doc.securitySchemes) {
    if (s.kind === "apiKey") {
      if (s.in === "query")
        ctx.approximate(
          s.at,
          s.pointer,
          "api-key-in-query",
          `security scheme "${s.name}" sends its key in the query: the client does not (a URL ends up in logs); add it with the client's signer option`,
        );
      else
        security.push({
          name: s.name,
          at: s.at,
          kind: "apiKey",
          header: s.parameterName,
          ...(s.description !== undefined ? { doc: s.description } : {}),
        });
    } else if (s.kind === "http") {
      const doc = [s.description, s.bearerFormat ? `Token format: ${s.bearerFormat}.` : undefined]
        .filter((x) => x !== undefined)
        .join(" ");
      security.push({ name: s.name, at: s.at, kind: s.scheme, ...(doc ? { doc } : {}) });
    } else {
      const scopes =
        s.scopes.length > 0 ? ` Scopes: ${s.scopes.map((x) => x.name).join(", ")}.` : "";
      security.push({
        name: s.name,
        at: s.at,
        kind: "bearer",
        doc: `${s.description ? `${s.description} ` : ""}${oauthFlowsText(s.flows)}: an access token${s.tokenUrl !== undefined ? ` from ${s.tokenUrl}` : ""}.${scopes} The client does not fetch tokens: give a function that returns a current one.`,
      });
    }
  }
  return security;
}

/**
 * The schemes an operation uses: those of its first security requirement
 * the service has (`usable`); its scopes and the other requirements it
 * accepts are notes.
 */
export function describeRequirement(
  op: Operation,
  usable: ReadonlySet<string>,
  notes: Note[],
): Named[] {
  const [requirement, ...alternatives] = op.security ?? [];
  const uses: Named[] = [];
  for (const use of requirement?.schemes ?? []) {
    if (usable.has(use.name)) uses.push({ name: use.name, at: requirement!.at });
  }
  if (requirement && requirement.schemes.some((x) => x.scopes.length > 0))
    notes.push({
      kind: "info",
      text: `Scopes: ${requirement.schemes.flatMap((x) => x.scopes).join(", ")}.`,
    });
  if (alternatives.length > 0)
    notes.push({
      kind: "interpretation",
      text: `The contract also accepts ${alternatives.map((a) => (a.schemes.length === 0 ? "no authentication" : a.schemes.map((x) => x.name).join(" + "))).join(", or ")}; the client sends the first requirement.`,
    });
  return uses;
}

/** How a bearer token is obtained, in words: `OAuth 2 client credentials`, `OAuth 2 (authorization code or implicit)`, `OpenID Connect`. */
function oauthFlowsText(flows: readonly string[]): string {
  if (flows.length === 1 && flows[0] === "openIdConnect") return "OpenID Connect";
  const words = flows.map((f) => f.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`));
  return words.length === 1 ? `OAuth 2 ${words[0]}` : `OAuth 2 (${words.join(" or ")})`;
}
