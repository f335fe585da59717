import { readFile } from "node:fs/promises";
import type { GeneratedFile } from "./generated-file.js";
import { BUILD_SCRIPT } from "./paths.js";

/**
 * The package's build script (`npm run build`), hand-written in
 * `generator/build-script/` and copied as is: it reads the entry points from
 * the package's `exports` map, so it needs nothing from the model.
 */
export async function emitBuildScript(sourceFile: string): Promise<GeneratedFile> {
  return { path: BUILD_SCRIPT, content: await readFile(sourceFile, "utf8"), verbatim: true };
}
