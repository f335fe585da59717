import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Writes an OpenAPI document (as JSON, over a minimal 3.0 one titled
 * `title`) to `contract.json` in a new temporary folder; messages name the
 * file `contract.json` when the folder is the working folder.
 */
export async function writeContract(
  document: Record<string, unknown>,
  title: string,
): Promise<{ folder: string; file: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), "paygen-contract-"));
  const file = path.join(folder, "contract.json");
  await writeFile(
    file,
    JSON.stringify({ openapi: "3.0.3", info: { title, version: "1" }, ...document }),
  );
  return { folder, file };
}
