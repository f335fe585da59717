import path from "node:path";
import { requireWithCodeCache } from "../code-cache.js";
import { CACHE_DIR } from "../project-paths.js";

/**
 * The ts-morph values the emitters use, loaded with `require`: ts-morph is a
 * CommonJS package, and importing it from an ES module makes Node scan its
 * source for export names first (about 0.1 s of every generation). Its large
 * files (the TypeScript compiler it brings) compile from V8's code cache (see
 * code-cache.ts). Types still come from `import type ... from "ts-morph"`.
 */
const tsMorph = requireWithCodeCache(
  import.meta.url,
  "ts-morph",
  path.join(CACHE_DIR, "paygen-code-cache"),
) as typeof import("ts-morph");

export const { printStructure, StructureKind, VariableDeclarationKind } = tsMorph;
