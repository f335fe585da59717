import { createRequire } from "node:module";

/**
 * The ts-morph values the emitters use, loaded with `require`: ts-morph is a
 * CommonJS package, and importing it from an ES module makes Node scan its
 * source for export names first (about 0.1 s of every generation). Types
 * still come from `import type ... from "ts-morph"`.
 */
const tsMorph = createRequire(import.meta.url)("ts-morph") as typeof import("ts-morph");

export const { printStructure, StructureKind, VariableDeclarationKind } = tsMorph;
