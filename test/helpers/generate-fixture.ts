import path from "node:path";
import { generate, PROJECT_ROOT, type GenerateResult } from "../../generator/generate.js";
import { SchemaErrors, formatDiagnostic } from "../../generator/diagnostics/diagnostic.js";

export const FIXTURES = path.join(PROJECT_ROOT, "test", "fixtures");
export const GOLDEN = path.join(PROJECT_ROOT, "test", "golden");

/** Generates a schema folder in memory, paths in messages relative to the project root; `server` asks for the server side. */
export function generateFrom(
  schemasDir: string,
  options: { readonly server?: boolean } = {},
): Promise<GenerateResult> {
  return generate({ schemasDir, cwd: PROJECT_ROOT, ...options });
}

/** The formatted diagnostics of a schema folder that must fail. */
export async function diagnosticsOf(schemasDir: string): Promise<string[]> {
  try {
    await generateFrom(schemasDir);
  } catch (error) {
    if (error instanceof SchemaErrors) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  throw new Error(`expected ${schemasDir} to fail`);
}
