/**
 * The generated package compiled to JavaScript, as a consumer would install
 * it: generated/ copied to a temporary folder and built there with the
 * project's TypeScript compiler. The copy's node_modules is a link to the
 * project's, so `@types/node` and `fast-xml-parser` resolve.
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
  /** How long the compiler took, in ms. */
  readonly buildMs: number;
  /** Removes the temporary folder. */
  dispose(): Promise<void>;
}

/** Copies `generated/` of `projectRoot` to a temporary folder and compiles it. */
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
    const tsc = path.join(projectRoot, "node_modules", "typescript", "bin", "tsc");
    const started = performance.now();
    try {
      await run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], {
        cwd: dir,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const out = typeof error === "object" && error !== null && "stdout" in error ? String(error.stdout) : "";
      throw new Error(`the generated package does not compile:\n${out.slice(0, 4000)}`, { cause: error });
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
