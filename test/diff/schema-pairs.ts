import path from "node:path";
import { diffModels } from "../../generator/diff/compare-model.js";
import { loadModel } from "../../generator/generate.js";
import { REST_SERVICE, SOAP_SERVICE, writeSchemas } from "../helpers/temp-schemas.js";

/** A change as `--format json` prints it. */
export interface ChangeJson {
  severity: string;
  kind: string;
  path: string;
  surfaces: readonly string[];
  message: string;
}

/** Writes both schema folders, loads them as the diff does, and returns the changes as JSON. */
export async function diffSchemas(
  before: Record<string, string>,
  after: Record<string, string>,
): Promise<ChangeJson[]> {
  const load = async (files: Record<string, string>) => {
    const root = await writeSchemas(files);
    return loadModel({ schemasDir: path.join(root, "schemas"), cwd: root });
  };
  const changes = await diffModels(await load(before), await load(after));
  return changes.map((c) => ({
    severity: c.severity,
    kind: c.kind,
    path: c.path,
    surfaces: c.surfaces,
    message: c.message,
  }));
}

/** The same without messages, for tables of expectations. */
export async function diffKinds(
  before: Record<string, string>,
  after: Record<string, string>,
): Promise<Omit<ChangeJson, "message">[]> {
  return (await diffSchemas(before, after)).map(({ message: _, ...rest }) => rest);
}

export type Side = "request" | "response";

/**
 * A SOAP service whose one operation carries `Thing` (declared in `types`)
 * in its request or in its response, so one schema change can be looked at
 * from both directions.
 */
export function soapWith(
  side: Side,
  types: string,
  extra: { enums?: string; operations?: string } = {},
): Record<string, string> {
  const carry = (s: Side) =>
    s === side ? "{ name: thing, type: Thing }" : "{ name: note, type: string }";
  return {
    "svc/service.yaml": SOAP_SERVICE,
    "svc/types.yaml": `types:\n${indent(types, 2)}\n${extra.enums ? `enums:\n${indent(extra.enums, 2)}\n` : ""}`,
    "svc/operations.yaml": `operations:
  Op:
    auth: false
    request:
      fields:
        - ${carry("request")}
    response:
      fields:
        - ${carry("response")}
${extra.operations ? indent(extra.operations, 2) : ""}`,
  };
}

/** The REST counterpart: `Thing` is the request body or the response body of `POST /things`. */
export function restWith(
  side: Side,
  types: string,
  extra: { enums?: string; operations?: string } = {},
): Record<string, string> {
  return {
    "svc/service.yaml": REST_SERVICE,
    "svc/types.yaml": `types:\n${indent(types, 2)}\n  Other:\n    fields:\n      - { name: note, type: string }\n${extra.enums ? `enums:\n${indent(extra.enums, 2)}\n` : ""}`,
    "svc/operations.yaml": `operations:
  make:
    http: { method: POST, path: /things, baseUrl: base_url }
    request: { type: ${side === "request" ? "Thing" : "Other"} }
    response: { type: ${side === "response" ? "Thing" : "Other"} }
    statuses:
      - { code: 201, meaning: Created. }
${extra.operations ? indent(extra.operations, 2) : ""}`,
  };
}

function indent(text: string, n: number): string {
  return text
    .trim()
    .split("\n")
    .map((l) => (l.trim() === "" ? "" : `${" ".repeat(n)}${l}`))
    .join("\n");
}
