import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import { describeApproximated } from "../approximations.js";
import type {
  Description,
  OperationDescription,
  ServiceDescription,
} from "../../description/description.js";
import { pascalCase } from "../../naming/case.js";
import type { ApiDocument } from "./openapi-model.js";
import { readOpenApi } from "./read-openapi.js";
import { splitReadWrite } from "./split-read-write.js";
import { describeContext } from "./describe-context.js";
import { objectTypeOf } from "./describe-object.js";
import { describeOperation } from "./describe-operation.js";
import { describeSecuritySchemes } from "./describe-security.js";
import { describeServers } from "./describe-servers.js";
import { describeValue } from "./describe-value.js";
import { describeWebhooks } from "./describe-webhooks.js";

/**
 * Reads a Swagger 2.0 / OpenAPI 3.x file (`readOpenApi`) and maps the
 * normalised document onto a description: one REST service per document.
 * What the description cannot say yet is a positioned problem naming the
 * JSON pointer, never dropped silently; what it can say only in part is kept
 * as a note on the construct it concerns.
 */
export async function readOpenApiDescription(
  file: string,
  cwd: string,
  diagnostics: Diagnostics,
): Promise<Description> {
  const { document, problems, warnings } = await readOpenApi({ file, cwd });
  diagnostics.add(
    ...problems.map((p) => p.toDiagnostic()),
    ...warnings.map((p) => p.toDiagnostic()),
  );
  if (!document) return { services: [] };
  // The mapping's warnings, with the reader's, are the approximations the README lists.
  const service = describeApproximated(
    diagnostics,
    document.at.file,
    (own) => describeApi(document, own),
    warnings.map((p) => p.toDiagnostic()),
  );
  return { services: service ? [service] : [] };
}

/** The service name of a document: its title in lower-case words joined by `-` (`CyberSource Merged Spec` → `cybersource-merged-spec`). */
export function serviceNameOf(title: string): string {
  const words = title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  const name = words.join("-");
  return /^[a-z]/.test(name) ? name : `api${name ? `-${name}` : ""}`;
}

/**
 * The document as one REST service: every named object schema a type
 * (whether operations use it or not), then the servers, the security
 * schemes, the operations and the webhooks, each mapped by its own
 * `describe-*` step over one shared context; request and response shapes
 * are separated last, where readOnly and writeOnly make them differ.
 */
export function describeApi(doc: ApiDocument, d: Diagnostics): ServiceDescription | undefined {
  const ctx = describeContext(doc, d, objectTypeOf);
  // Every named object schema is a type, whether operations use it or not.
  for (const s of doc.schemas) ctx.objectTypeOf(s.name);
  const servers = describeServers(doc);
  const security = describeSecuritySchemes(ctx, doc);
  const usable = new Set(security.map((s) => s.name));
  const operations: OperationDescription[] = [];
  const taken = new Set<string>();
  for (const op of doc.operations) {
    const described = describeOperation(ctx, op, usable, servers, taken);
    if (described) operations.push(described);
  }
  const events = describeWebhooks(
    doc,
    (schema, name) =>
      describeValue(ctx, schema, pascalCase(name), "Payload", 0, { kind: "payload", event: name })
        ?.type,
  );
  if (operations.length === 0 && ctx.types.length === 0 && ctx.enums.length === 0) {
    d.error(
      doc.at,
      "the contract describes no operation and no type: there is nothing to generate",
    );
    return undefined;
  }
  const serviceDoc = doc.info.description?.trim();
  const shapes = splitReadWrite(ctx.types, operations, ctx.access, ctx.unique);
  return {
    name: serviceNameOf(doc.info.title),
    at: doc.at,
    title: doc.info.title,
    protocol: "rest",
    rest: {
      baseUrls: servers.baseUrls,
      outcome: [],
      ...(security.length > 0 ? { security } : {}),
    },
    types: shapes.types,
    enums: ctx.enums,
    operations: shapes.operations,
    flows: [],
    events,
    gaps: [],
    notes: [
      {
        kind: "info",
        text: `Read from ${doc.format === "swagger-2.0" ? "Swagger" : "OpenAPI"} ${doc.formatVersion}, version ${doc.info.version} of the API.`,
      },
    ],
    ...(serviceDoc ? { doc: serviceDoc } : {}),
  };
}
