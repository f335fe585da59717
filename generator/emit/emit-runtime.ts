import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { compareText } from "../diagnostics/diagnostic.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";

/**
 * The hand-written runtime (`generator/runtime/`) shipped inside the package,
 * copied as is. It is small, has no dependency but fast-xml-parser, and each
 * file is imported only by the code that needs it, so it tree-shakes per service.
 */
export async function emitRuntime(runtimeDir: string): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  async function walk(rel: string): Promise<void> {
    const entries = await readdir(path.join(runtimeDir, rel), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(childRel);
      else if (entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        files.push({ path: paths.runtime(childRel), content: await readFile(path.join(runtimeDir, childRel), "utf8"), verbatim: true });
      }
    }
  }
  await walk("");
  return files;
}

/** The names a runtime module exports. */
export function runtimeExportNames(file: GeneratedFile): Set<string> {
  const names = new Set<string>();
  const declaration = /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  const list = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;
  for (const m of file.content.matchAll(declaration)) names.add(m[1]!);
  for (const m of file.content.matchAll(list)) {
    for (const part of m[1]!.split(",")) {
      const alias = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()?.trim();
      if (alias) names.add(alias);
    }
  }
  return names;
}
