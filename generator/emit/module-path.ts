import path from "node:path/posix";

/**
 * The ESM import specifier from one generated file to another, both given
 * relative to the package root: `payments/types.ts` → `runtime/scalars.ts`
 * gives `../runtime/scalars.js`.
 *
 * Every import of every generated file asks for one (thousands a package),
 * so the paths are compared segment by segment instead of through
 * `path.relative`, which resolves both against the working folder first:
 * the same result for the plain paths generated files have, and
 * `path.relative`'s own for any other (`.`, `..` or empty segments).
 */
export function moduleSpecifier(fromFile: string, toFile: string): string {
  const from = fromFile.split("/");
  const to = toFile.split("/");
  let rel: string;
  if ([...from, ...to].some((segment) => segment === "" || segment === "." || segment === "..")) {
    rel = path.relative(path.dirname(fromFile), toFile);
  } else {
    const folder = from.length - 1;
    let shared = 0;
    while (shared < folder && shared < to.length - 1 && from[shared] === to[shared]) shared++;
    rel = [...Array<string>(folder - shared).fill(".."), ...to.slice(shared)].join("/");
  }
  rel = rel.replace(/\.ts$/, ".js");
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return rel;
}
