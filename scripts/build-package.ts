/**
 * The generated package built as a consumer would install it: generated/
 * copied to a temporary folder and built there by its own `npm run build`
 * (`build.mjs`: tsc, then esbuild linking one module per entry). The copy's
 * node_modules is a link to the project's, so its devDependencies
 * (`typescript`, `esbuild`, `@types/node`) and `fast-xml-parser` resolve.
 * Used by the benchmarks and by the package test.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface BuiltPackage {
  /** The package folder: its `exports` map points into `dist/`. */
  readonly dir: string;
  /** How long the build took, in ms. */
  readonly buildMs: number;
  /** Removes the temporary folder. */
  dispose(): Promise<void>;
}

/**
 * The environment for a child npm process: this process's, without what
 * `npm run`/`npm test` set for the project (so npm acts on the child's own
 * folder), and without npm's notices.
 */
export function npmChildEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_(package|lifecycle)_/i.test(key) || key === "npm_command" || key === "INIT_CWD")
      continue;
    env[key] = value;
  }
  return {
    ...env,
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
    ...extra,
  };
}

/** Copies `generated/` of `projectRoot` to a temporary folder and builds it with `npm run build`. */
export async function buildGeneratedPackage(projectRoot: string): Promise<BuiltPackage> {
  const root = await mkdtemp(path.join(os.tmpdir(), "paygen-package-"));
  const dispose = (): Promise<void> => rm(root, { recursive: true, force: true });
  try {
    const dir = path.join(root, "package");
    await cp(path.join(projectRoot, "generated"), dir, {
      recursive: true,
      // What a build or an install left in generated/ is not part of the package.
      filter: (source) => !/[\\/](?:dist|node_modules|\.build)$/.test(source),
    });
    await symlink(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
    const started = performance.now();
    try {
      await run("npm", ["run", "build"], {
        cwd: dir,
        env: npmChildEnv(),
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const out = (key: string): string =>
        typeof error === "object" && error !== null && key in error
          ? String((error as Record<string, unknown>)[key])
          : "";
      throw new Error(
        `the generated package does not build:\n${`${out("stdout")}\n${out("stderr")}`.slice(0, 4000)}`,
        {
          cause: error,
        },
      );
    }
    const buildMs = performance.now() - started;
    const manifest = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as {
      exports: Record<string, { import: string; require?: string }>;
    };
    for (const [key, entry] of Object.entries(manifest.exports)) {
      for (const file of [entry.import, entry.require]) {
        if (file !== undefined && !existsSync(path.join(dir, file)))
          throw new Error(`the build has no ${file} (exports["${key}"])`);
      }
    }
    return { dir, buildMs, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
