import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SchemaErrors, formatDiagnostic } from "../../generator/diagnostics/diagnostic.js";
import { generate, type GenerateResult } from "../../generator/generate.js";

/** Writes `files` (paths relative to `schemas/`) into a fresh temp project; returns its root. */
export async function writeSchemas(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "paygen-schemas-"));
  for (const [rel, text] of Object.entries(files)) {
    const target = path.join(root, "schemas", rel);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return root;
}

/** Generates from the files; messages name `schemas/...` as a user would see them. `server` asks for the server side. */
export async function generateSchemas(
  files: Record<string, string>,
  options: { readonly server?: boolean } = {},
): Promise<GenerateResult> {
  const root = await writeSchemas(files);
  return generate({ schemasDir: path.join(root, "schemas"), cwd: root, ...options });
}

/** The formatted diagnostics of schema files that must fail. */
export async function problemsOf(files: Record<string, string>): Promise<string[]> {
  try {
    await generateSchemas(files);
  } catch (error) {
    if (error instanceof SchemaErrors) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  throw new Error("expected the schemas to fail");
}

/** A minimal valid SOAP service.yaml with base types, to build error cases on. */
export const SOAP_SERVICE = `service:
  name: svc
  title: Test Service
  protocol: soap
  soap:
    namespace: { placeholder: ns, version: v1 }
    requestBase: Req
    responseBase: Res
types:
  Req:
    fields:
      - { name: clientId, type: string }
  Res:
    fields:
      - { name: resultCode, type: string }
`;

/** A minimal valid REST service.yaml. */
export const REST_SERVICE = `service:
  name: svc
  title: Test Service
  protocol: rest
  rest:
    baseUrls:
      - { name: base_url }
`;
