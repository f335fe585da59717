import path from "node:path/posix";

/**
 * The ESM import specifier from one generated file to another, both given
 * relative to the package root: `payments/types.ts` → `runtime/scalars.ts`
 * gives `../runtime/scalars.js`.
 */
export function moduleSpecifier(fromFile: string, toFile: string): string {
  let rel = path.relative(path.dirname(fromFile), toFile).replace(/\.ts$/, ".js");
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return rel;
}
