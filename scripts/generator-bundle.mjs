// The generator as `npm run generate` runs it: its TypeScript sources bundled
// once by esbuild into plain ES modules (one per command, and one chunk per
// stage a command loads lazily), kept under node_modules/.cache and rebuilt
// whenever a source file changes. Running the sources through a TypeScript
// loader instead costs every run about a second of compiling.
//
// The published package holds no generator sources: `npm pack` (its `prepack`
// script, `node scripts/generator-bundle.mjs --dist`) builds the same bundle
// into dist/, and an installed paygen runs that, with nothing to compile.
//
// Plain JavaScript, so that it runs before anything is compiled.
import { randomUUID } from "node:crypto";
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = path.join(ROOT, "generator");
/** Read by the generator at run time and shipped as they are, never bundled. */
const NOT_BUNDLED = new Set(["runtime", "build-script"]);
const BUNDLES = path.join(ROOT, "node_modules", ".cache", "paygen-generator");
/** The bundle an installed (packed) paygen runs. */
const DIST = path.join(ROOT, "dist");

/**
 * Every bundled source file, with its size and modification time, sorted: what a bundle is built
 * from. Listed and measured synchronously: every run does it first, for some 300 files, and the
 * round trips of as many asynchronous calls cost more CPU than the calls.
 */
async function sourceStamp() {
  const entries = [];
  function walk(rel) {
    for (const entry of readdirSync(path.join(SOURCES, rel), { withFileTypes: true })) {
      const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!(rel === "" && NOT_BUNDLED.has(entry.name))) walk(child);
      } else if (entry.name.endsWith(".ts")) {
        const info = statSync(path.join(SOURCES, child));
        entries.push(`${child}\0${info.size}\0${info.mtimeMs}`);
      }
    }
  }
  walk("");
  entries.sort();
  return createHash("sha256").update(entries.join("\n")).digest("hex").slice(0, 16);
}

async function exists(file) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Bundles the sources into `outdir`. */
async function bundleInto(outdir) {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: { cli: path.join(SOURCES, "cli.ts") },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    chunkNames: "chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    logLevel: "silent",
  });
}

/** Builds the bundle into `dir`, through a staging folder so a concurrent run never imports half a bundle. */
async function build(dir) {
  const staging = `${dir}.${randomUUID()}.tmp`;
  await bundleInto(staging);
  try {
    await rename(staging, dir);
  } catch (error) {
    // Another run built the same sources first: its bundle is this one.
    await rm(staging, { recursive: true, force: true });
    if (!(await exists(path.join(dir, "cli.mjs")))) throw error;
  }
  await removeOldBundles(path.basename(dir));
}

/** Bundles of older sources, a day after they were built (a long run, `--watch` say, may still load their chunks). */
async function removeOldBundles(keep) {
  const day = 24 * 60 * 60_000;
  for (const name of await readdir(BUNDLES).catch(() => [])) {
    if (name === keep) continue;
    const full = path.join(BUNDLES, name);
    const info = await stat(full).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > day) await rm(full, { recursive: true, force: true });
  }
}

/** Why a build failed, in one line: esbuild's first error, or the error's first line. */
function reason(error) {
  const first = error?.errors?.[0]?.text;
  if (typeof first === "string") return first;
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}

/** The bundle's entry module for the current sources, built first when missing; throws when it cannot be built. */
async function bundleEntry() {
  const dir = path.join(BUNDLES, await sourceStamp());
  const entry = path.join(dir, "cli.mjs");
  if (!(await exists(entry))) await build(dir);
  return entry;
}

/**
 * The URL of the generator's command-line module (`main(argv)`): the bundle of
 * the current sources. When it cannot be built (no esbuild in an install
 * without dev dependencies, a cache folder that cannot be written), the
 * sources run through tsx, as they did before there was a bundle: slower,
 * never broken.
 */
export async function generatorEntry() {
  if (!(await exists(path.join(SOURCES, "cli.ts")))) {
    // An installed package: its bundle was built when it was packed.
    const entry = path.join(DIST, "cli.mjs");
    if (!(await exists(entry)))
      throw new Error(`paygen: ${entry} is missing; the package was packed without its bundle`);
    return pathToFileURL(entry).href;
  }
  try {
    return pathToFileURL(await bundleEntry()).href;
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") {
      process.stderr.write(
        `paygen: the generator could not be bundled (${reason(error)}); running its sources\n`,
      );
    }
    const { register } = await import("tsx/esm/api");
    register();
    return pathToFileURL(path.join(SOURCES, "cli.ts")).href;
  }
}

/** `--dist` (npm's `prepack`): the bundle the published package runs, replacing dist/ whole; a failure fails the pack. */
async function buildDist() {
  const staging = `${DIST}.${randomUUID()}.tmp`;
  await bundleInto(staging);
  await rm(DIST, { recursive: true, force: true });
  await rename(staging, DIST);
}

// `node scripts/generator-bundle.mjs` (npm's `prepare`, run by `npm ci`): build it now, so the first
// run does not. An install never fails for it: a run without a bundle builds one or runs the sources.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href && process.argv[2] === "--dist") {
  await buildDist();
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await bundleEntry().catch((error) => {
    process.stderr.write(
      `paygen: the generator was not bundled (${reason(error)}); runs will build it or run its sources\n`,
    );
  });
}
