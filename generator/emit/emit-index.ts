import type { GeneratedFile } from "./generated-file.js";
import { moduleSpecifier } from "./module-path.js";
import { TsFile } from "./ts-file.js";

/** One module a service entry point re-exports. */
export interface IndexEntry {
  readonly file: string;
  /** `types` re-exports only types (`export type *`); with `names`, only those. */
  readonly kind: "types" | "values";
  readonly names?: readonly string[];
}

/** A service's entry point (`<service>/index.ts`): the re-exports the artifact registry derives. */
export function emitIndex(path: string, entries: readonly IndexEntry[]): GeneratedFile {
  const file = new TsFile(path);
  for (const entry of entries) {
    file.addExportDeclaration({
      moduleSpecifier: moduleSpecifier(file.path, entry.file),
      isTypeOnly: entry.kind === "types",
      ...(entry.names ? { namedExports: [...entry.names] } : {}),
    });
  }
  return file.finish({ layout: "final" });
}
