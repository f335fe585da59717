import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { compareText } from "../diagnostics/diagnostic.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";

/**
 * The hand-written runtime (`generator/runtime/`), every module of it, as the
 * package would ship it (copied as is). A package ships only the modules its
 * code reaches (`reachableRuntime`); each is imported only by the code that
 * needs it, so it tree-shakes per service.
 */
export async function emitRuntime(runtimeDir: string): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  async function walk(rel: string): Promise<void> {
    const entries = await readdir(path.join(runtimeDir, rel), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(childRel);
      else if (entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        files.push({
          path: paths.runtime(childRel),
          content: await readFile(path.join(runtimeDir, childRel), "utf8"),
          verbatim: true,
        });
      }
    }
  }
  await walk("");
  return files;
}

/** What a module imports or re-exports, as written: `./x.js`, `../runtime/xml.js`, `fast-xml-parser`, `node:crypto`. */
export function importSpecifiers(content: string): string[] {
  const found: string[] = [];
  for (const m of content.matchAll(
    /^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|^\s*import\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gms,
  )) {
    found.push((m[1] ?? m[2] ?? m[3])!);
  }
  return found;
}

/**
 * The runtime modules the package's own `files` reach, directly or through
 * other runtime modules, plus `entries` (runtime modules the package offers
 * on their own) and what they reach: all the package ships of the runtime.
 * A package without XML ships no XML runtime, one without a query language
 * none of it.
 */
export function reachableRuntime(
  runtime: readonly GeneratedFile[],
  files: readonly GeneratedFile[],
  entries: readonly string[],
): GeneratedFile[] {
  const byPath = new Map(runtime.map((f) => [f.path, f]));
  const reached = new Set<string>();
  const visit = (from: string, content: string): void => {
    for (const specifier of importSpecifiers(content)) {
      if (!specifier.startsWith(".")) continue;
      const target = path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, ".ts");
      const module = byPath.get(target);
      if (module === undefined || reached.has(target)) continue;
      reached.add(target);
      visit(target, module.content);
    }
  };
  for (const file of files) visit(file.path, file.content);
  for (const entry of entries) {
    if (!byPath.has(entry)) throw new Error(`the runtime has no ${entry}`);
    reached.add(entry);
    visit(entry, byPath.get(entry)!.content);
  }
  return runtime.filter((f) => reached.has(f.path));
}

/** The npm packages `files` import (bare specifiers; Node's own `node:` modules are not packages), sorted. */
export function importedPackages(files: readonly GeneratedFile[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    for (const specifier of importSpecifiers(file.content)) {
      if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
      names.add(
        specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : specifier.split("/")[0]!,
      );
    }
  }
  return [...names].sort(compareText);
}

/** The names a runtime module exports. */
export function runtimeExportNames(file: GeneratedFile): Set<string> {
  const names = new Set<string>();
  const declaration =
    /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  const list = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;
  for (const m of file.content.matchAll(declaration)) names.add(m[1]!);
  for (const m of file.content.matchAll(list)) {
    for (const part of m[1]!.split(",")) {
      const alias = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (alias) names.add(alias);
    }
  }
  return names;
}
