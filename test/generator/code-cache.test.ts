import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import Module, { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { requireWithCodeCache } from "../../generator/code-cache.js";
import { PROJECT_ROOT } from "../../generator/project-paths.js";

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * A folder holding a CommonJS package `big` (large enough to be cached) that
 * requires a small file of its own, and a cache folder.
 */
function fixture(): { from: string; cacheDir: string; pkg: string } {
  const root = mkdtempSync(path.join(tmpdir(), "paygen-code-cache-"));
  folders.push(root);
  const pkg = path.join(root, "node_modules", "big");
  writeFileSync(path.join(root, "package.json"), "{}");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "big", main: "index.js" }));
  const filler = Array.from({ length: 12_000 }, (_, i) => `function f${i}() { return ${i}; }`);
  writeFileSync(
    path.join(pkg, "index.js"),
    `${filler.join("\n")}\nconst small = require("./small.js");\nexports.answer = f41() + small.one;\nexports.file = __filename;\n`,
  );
  writeFileSync(path.join(pkg, "small.js"), "exports.one = 1;\n");
  return { from: path.join(root, "main.js"), cacheDir: path.join(root, "cache"), pkg };
}

/**
 * The `answer` of the fixture's package, loaded through the code cache by a
 * Node process of its own started with `flags`.
 */
function loadInProcess(from: string, cacheDir: string, flags: readonly string[]): string {
  const codeCache = pathToFileURL(path.join(PROJECT_ROOT, "generator", "code-cache.ts")).href;
  return execFileSync(
    process.execPath,
    [
      ...flags,
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { requireWithCodeCache } from ${JSON.stringify(codeCache)};
       process.stdout.write(String(requireWithCodeCache(${JSON.stringify(from)}, "big", ${JSON.stringify(cacheDir)}).answer));`,
    ],
    { cwd: PROJECT_ROOT, encoding: "utf8" },
  );
}

const hasCrc32 = typeof (zlib as { crc32?: unknown }).crc32 === "function";

describe("requireWithCodeCache", () => {
  it.runIf(hasCrc32)("loads the package as require does, and caches its large file only", () => {
    const { from, cacheDir, pkg } = fixture();
    const loaded = requireWithCodeCache(from, "big", cacheDir) as { answer: number; file: string };
    expect(loaded.answer).toBe(42);
    expect(loaded.file).toBe(path.join(pkg, "index.js"));
    const cached = readdirSync(cacheDir);
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatch(/^index\.js-/);
  });

  it.runIf(hasCrc32)(
    "reads a large file with other characters than ASCII as require does, and caches it",
    () => {
      const { from, cacheDir, pkg } = fixture();
      const filler = Array.from({ length: 12_000 }, (_, i) => `function f${i}() { return ${i}; }`);
      writeFileSync(
        path.join(pkg, "index.js"),
        `${filler.join("\n")}\nexports.text = "café ☕ \u{1F600}";\nexports.answer = f42();\n`,
      );
      const loaded = requireWithCodeCache(from, "big", cacheDir) as {
        text: string;
        answer: number;
      };
      expect(loaded).toEqual({ text: "café ☕ \u{1F600}", answer: 42 });
      expect(readdirSync(cacheDir)).toHaveLength(1);
    },
  );

  it.runIf(hasCrc32)("loads from the cache, and replaces one V8 refuses", () => {
    const { from, cacheDir } = fixture();
    // Each load in a process of its own: within one, V8 reuses what it compiled before.
    const load = (): string => loadInProcess(from, cacheDir, []);
    expect(load()).toBe("42");
    const [file] = readdirSync(cacheDir);
    const written = readFileSync(path.join(cacheDir, file!));
    expect(load()).toBe("42");
    expect(readFileSync(path.join(cacheDir, file!))).toEqual(written);
    writeFileSync(path.join(cacheDir, file!), "not a code cache");
    expect(load()).toBe("42");
    expect(readdirSync(cacheDir)).toEqual([file]);
    expect(statSync(path.join(cacheDir, file!)).size).toBeGreaterThan(100);
  });

  it.runIf(hasCrc32)(
    "removes the caches of the file's earlier texts when it writes one, and those of other Nodes or flags a week old",
    () => {
      const { from, cacheDir, pkg } = fixture();
      mkdirSync(cacheDir, { recursive: true });
      requireWithCodeCache(from, "big", cacheDir);
      const [file] = readdirSync(cacheDir);
      const prefix = file!.slice(0, file!.indexOf(`-${process.version}-`) + 1);
      // The same Node and flags: everything up to the text's length and CRC-32.
      const flavour = file!.replace(/\d+-[0-9a-f]+\.bin$/, "");
      const stale = `${flavour}1-0.bin`;
      const otherNode = `${prefix}v0.0.0-x64-0-1-0.bin`;
      const oldOtherNode = `${prefix}v0.0.1-x64-0-1-0.bin`;
      const other = `other.js-1-${process.version}-x64-0-1-0.bin`;
      for (const name of [stale, otherNode, oldOtherNode, other])
        writeFileSync(path.join(cacheDir, name), "another cache");
      const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
      utimesSync(path.join(cacheDir, oldOtherNode), weekAgo, weekAgo);
      rmSync(path.join(cacheDir, file!));
      // Loaded again, not from Node's own module cache.
      const loaded = createRequire(import.meta.url).cache;
      for (const key of Object.keys(loaded)) if (key.startsWith(pkg)) delete loaded[key];
      requireWithCodeCache(from, "big", cacheDir);
      expect(readdirSync(cacheDir).sort()).toEqual([file, otherNode, other].sort());
    },
  );

  it.runIf(hasCrc32)("keeps a cache for each set of V8 flags", () => {
    const { from, cacheDir } = fixture();
    const load = (flags: string[]): string => loadInProcess(from, cacheDir, flags);
    expect(load([])).toBe("42");
    expect(load(["--interrupt-budget=1000000"])).toBe("42");
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(2);
    const written = files.map((f) => readFileSync(path.join(cacheDir, f)));
    // Each set of flags loads its own: neither is refused and written again.
    expect(load([])).toBe("42");
    expect(load(["--interrupt-budget=1000000"])).toBe("42");
    expect(readdirSync(cacheDir)).toEqual(files);
    expect(files.map((f) => readFileSync(path.join(cacheDir, f)))).toEqual(written);
  });

  it("loads the package when the cache cannot be written", () => {
    const { from, pkg } = fixture();
    const blocked = path.join(pkg, "small.js", "cache");
    expect((requireWithCodeCache(from, "big", blocked) as { answer: number }).answer).toBe(42);
  });

  it("leaves Node's own compilation in place afterwards", () => {
    const { from, cacheDir } = fixture();
    const prototype = Module.prototype as unknown as { _compile: unknown };
    const before = prototype._compile;
    requireWithCodeCache(from, "big", cacheDir);
    expect(prototype._compile).toBe(before);
  });
});
