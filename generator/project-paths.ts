import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The paygen checkout this generator runs from: the nearest folder above this
 * module that holds `generator/runtime/`. Found by looking, not by counting
 * `..`, because the same code also runs bundled from another folder (see
 * `scripts/generator-bundle.mjs`).
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    try {
      if (statSync(path.join(dir, "generator", "runtime")).isDirectory()) return dir;
    } catch {
      // Not here; look higher.
    }
    if (path.dirname(dir) === dir)
      throw new Error(`paygen: no generator/runtime/ above ${start}; the checkout is incomplete`);
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The hand-written runtime shipped in every generated package. */
export const RUNTIME_DIR = path.join(PROJECT_ROOT, "generator", "runtime");
/** The generated package's build script, copied as is. */
export const BUILD_SCRIPT_FILE = path.join(PROJECT_ROOT, "generator", "build-script", "build.mjs");
export const TEMPLATES_DIR = path.join(PROJECT_ROOT, "templates");
/** Caches of this checkout (formatted files, finished runs): never part of any output. */
export const CACHE_DIR = path.join(PROJECT_ROOT, "node_modules", ".cache");
