import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "../../generator/generate.js";

/** A generated package written to a temporary folder, the project's node_modules linked in. */
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
  await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  return {
    root,
    load: (service, module) =>
      import(
        /* @vite-ignore */ pathToFileURL(path.join(root, service, `${module}.ts`)).href
      ) as Promise<Record<string, unknown>>,
  };
}
