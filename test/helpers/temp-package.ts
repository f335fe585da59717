import { mkdir, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "../../generator/generate.js";

/** A generated package written to a temporary folder, with the packages its package.json declares (and only those) linked in. */
export interface TempPackage {
  readonly root: string;
  /** A module of a service, e.g. `load("svc", "xml")`. */
  load(service: string, module: string): Promise<Record<string, unknown>>;
}

export async function writePackage(
  files: readonly { readonly path: string; readonly content: string }[],
): Promise<TempPackage> {
  const root = path.join(await mkdtemp(path.join(tmpdir(), "paygen-package-")), "out");
  for (const f of files) {
    await mkdir(path.dirname(path.join(root, f.path)), { recursive: true });
    await writeFile(path.join(root, f.path), f.content);
  }
  await linkDeclaredDependencies(root);
  return {
    root,
    load: (service, module) =>
      import(
        /* @vite-ignore */ pathToFileURL(path.join(root, service, `${module}.ts`)).href
      ) as Promise<Record<string, unknown>>,
  };
}

/**
 * Gives a generated package in `root` a node_modules holding exactly what
 * its package.json declares (dependencies and devDependencies), each linked
 * from the project's: what a consumer gets from `npm install` in it alone,
 * without the network. An import of anything undeclared then fails, as it
 * would there.
 */
export async function linkDeclaredDependencies(root: string): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).sort();
  await mkdir(path.join(root, "node_modules"), { recursive: true });
  for (const name of declared) {
    const link = path.join(root, "node_modules", ...name.split("/"));
    await mkdir(path.dirname(link), { recursive: true });
    await symlink(path.join(PROJECT_ROOT, "node_modules", ...name.split("/")), link, "dir");
  }
}
