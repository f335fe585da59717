/**
 * The generated package built as a consumer would install it: generated/
 * copied to a temporary folder and built there by its own build script
 * (`build.mjs`, what `npm run build` runs: tsc, then esbuild linking one
 * module per entry). The copy's node_modules is a link to the project's, so
 * `typescript`, `esbuild`, `@types/node` and `fast-xml-parser` resolve.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface BuiltPackage {
  /** The package folder: `dist/<service>/index.js` are the entry points. */
  readonly dir: string;
  /** How long the build took, in ms. */
  readonly buildMs: number;
  /** Removes the temporary folder. */
  dispose(): Promise<void>;
}

/** Copies `generated/` of `projectRoot` to a temporary folder and builds it. */
export async function buildGeneratedPackage(projectRoot: string): Promise<BuiltPackage> {
  const root = await mkdtemp(path.join(os.tmpdir(), "paygen-bench-"));
  const dispose = (): Promise<void> => rm(root, { recursive: true, force: true });
  try {
    const dir = path.join(root, "package");
    await cp(path.join(projectRoot, "generated"), dir, {
      recursive: true,
      filter: (source) => !/[\\/](?:dist|node_modules)$/.test(source),
    });
    await symlink(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
    const started = performance.now();
    try {
      await run(process.execPath, [path.join(dir, "build.mjs")], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const out = (key: string): string =>
        typeof error === "object" && error !== null && key in error ? String((error as Record<string, unknown>)[key]) : "";
      throw new Error(`the generated package does not build:\n${`${out("stdout")}\n${out("stderr")}`.slice(0, 4000)}`, {
        cause: error,
      });
    }
    const buildMs = performance.now() - started;
    for (const service of ["payments", "search", "subscriptions"]) {
      if (!existsSync(path.join(dir, "dist", service, "index.js")))
        throw new Error(`the build has no dist/${service}/index.js`);
    }
    return { dir, buildMs, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
