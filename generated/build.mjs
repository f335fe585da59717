/**
 * Builds the package into `dist/`, in two steps:
 *
 * 1. The TypeScript compiler type-checks the sources and writes the
 *    declarations to `dist/` and the JavaScript to `.build/js/`.
 * 2. esbuild links that JavaScript into one ES module per entry of the
 *    `exports` map (no transform: it only joins modules). Code that several
 *    entries use goes to shared chunks in `dist/shared/`, so a class such as
 *    an error class is the same class through every entry.
 *
 * Why link at all: Node pays about a millisecond per module it loads, and an
 * entry such as `search` is some forty source modules. Linked, an entry is one
 * or a few files. The bundle's metafile (which source module went into which
 * output file) is kept in `.build/bundle-meta.json`.
 *
 * Run with `npm run build`. Needs `typescript` and `esbuild` (devDependencies).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const JS_DIR = path.join(".build", "js");

/** `./dist/a/b.js` of the exports map → `.build/js/a/b.js`, the compiled module it is built from. */
function entryPoints(manifest) {
  const entries = [];
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    const file = typeof target === "object" && target !== null ? target.import : undefined;
    const match = typeof file === "string" ? /^\.\/dist\/([\w/-]+\.js)$/.exec(file) : null;
    if (!match)
      throw new Error(`exports["${key}"].import must be ./dist/….js, got ${JSON.stringify(file)}`);
    entries.push(path.join(JS_DIR, match[1]));
  }
  return entries.sort();
}

async function main() {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const entries = entryPoints(manifest);
  rmSync(path.join(root, "dist"), { recursive: true, force: true });
  rmSync(path.join(root, ".build"), { recursive: true, force: true });

  const tsc = require.resolve("typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: root, stdio: "inherit" });
  } catch {
    throw new Error("the TypeScript compiler reported errors (above)");
  }

  const esbuild = require("esbuild");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: entries,
    outbase: JS_DIR,
    outdir: "dist",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    chunkNames: "shared/[name]-[hash]",
    external: Object.keys(manifest.dependencies ?? {}),
    metafile: true,
    logLevel: "warning",
  });
  mkdirSync(path.join(root, ".build"), { recursive: true });
  writeFileSync(
    path.join(root, ".build", "bundle-meta.json"),
    `${JSON.stringify(result.metafile, null, 2)}\n`,
  );
  const outputs = Object.keys(result.metafile.outputs);
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  process.stdout.write(
    `built ${manifest.name}@${manifest.version} into dist/: ${entries.length} entries (${Object.keys(
      manifest.exports ?? {},
    )
      .sort()
      .join(
        ", ",
      )}), ${outputs.length} modules, ${Math.round(bytes / 1024)} KiB of JavaScript, declarations beside them\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
