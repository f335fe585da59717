/**
 * The package's build script (`generator/build-script/build.mjs`) on small
 * packages of its own: what it does with a broken exports map, a type error,
 * and a package whose two entries share a module.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

const SCRIPT = path.join(PROJECT_ROOT, "generator", "build-script", "build.mjs");
const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    declaration: true,
    skipLibCheck: true,
    outDir: ".build/js",
    declarationDir: "dist",
    rootDir: ".",
  },
  include: ["a/**/*.ts", "b/**/*.ts", "shared/**/*.ts"],
};

let work = "";

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "paygen-build-script-"));
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** A package folder holding the build script, `files` and a manifest with `exports`. */
async function makePackage(
  name: string,
  exports: Record<string, unknown>,
  files: Record<string, string>,
): Promise<string> {
  const dir = path.join(work, name);
  await mkdir(dir);
  await cp(SCRIPT, path.join(dir, "build.mjs"));
  await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  await writeFile(
    path.join(dir, "package.json"),
    JSON.stringify({ name, type: "module", exports }),
  );
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

function build(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["build.mjs"], { cwd: dir }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

const SHARED = `export class AppError extends Error {}\nexport const label = (s: string): string => \`[\${s}]\`;\n`;
const ENTRY = (name: string) =>
  `import { AppError, label } from "../shared/util.js";\nexport { AppError };\nexport const ${name} = (): string => label("${name}");\n`;

describe("build.mjs", () => {
  it("refuses an exports entry outside dist/ and writes nothing", async () => {
    const dir = await makePackage(
      "bad-exports",
      { "./a": { types: "./a/index.d.ts", import: "./a/index.js" } },
      { "a/index.ts": ENTRY("a") },
    );
    const result = await build(dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'build failed: exports["./a"].import must be ./dist/….js, got "./a/index.js"\n',
    );
    expect((await readdir(dir)).sort()).toEqual([
      "a",
      "build.mjs",
      "node_modules",
      "package.json",
      "tsconfig.json",
    ]);
  });

  it("fails on a type error, with the compiler's message", async () => {
    const dir = await makePackage(
      "type-error",
      { "./a": { types: "./dist/a/index.d.ts", import: "./dist/a/index.js" } },
      { "a/index.ts": `export const n: number = "not a number";\n` },
    );
    const result = await build(dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("a/index.ts");
    expect(result.stdout).toContain("TS2322");
    expect(result.stderr).toBe("build failed: the TypeScript compiler reported errors (above)\n");
  }, 180_000);

  it("links each entry into one file, puts the shared module in a shared chunk, and keeps its classes one", async () => {
    const dir = await makePackage(
      "two-entries",
      {
        "./a": { types: "./dist/a/index.d.ts", import: "./dist/a/index.js" },
        "./b": { types: "./dist/b/index.d.ts", import: "./dist/b/index.js" },
      },
      { "a/index.ts": ENTRY("a"), "b/index.ts": ENTRY("b"), "shared/util.ts": SHARED },
    );
    const result = await build(dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const shared = (await readdir(path.join(dir, "dist", "shared"))).filter((f) =>
      f.endsWith(".js"),
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatch(/^chunk-[A-Z0-9]+\.js$/);
    expect((await readdir(path.join(dir, "dist", "a"))).sort()).toEqual(["index.d.ts", "index.js"]);
    expect(await readFile(path.join(dir, "dist", "shared", "util.d.ts"), "utf8")).toContain(
      "class AppError",
    );

    const a = (await import(pathToFileURL(path.join(dir, "dist", "a", "index.js")).href)) as {
      a: () => string;
      AppError: unknown;
    };
    const b = (await import(pathToFileURL(path.join(dir, "dist", "b", "index.js")).href)) as {
      b: () => string;
      AppError: unknown;
    };
    expect([a.a(), b.b()]).toEqual(["[a]", "[b]"]);
    expect(a.AppError).toBe(b.AppError);

    const meta = JSON.parse(
      await readFile(path.join(dir, ".build", "bundle-meta.json"), "utf8"),
    ) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    expect(Object.keys(meta.outputs[`dist/shared/${shared[0]}`]!.inputs)).toEqual([
      ".build/js/shared/util.js",
    ]);
  }, 180_000);
});

describe("build.mjs, CommonJS", () => {
  it("refuses a require condition that is not the import's file as .cjs, and writes nothing", async () => {
    const dir = await makePackage(
      "bad-require",
      {
        "./a": {
          types: "./dist/a/index.d.ts",
          import: "./dist/a/index.js",
          require: "./dist/a/other.cjs",
        },
      },
      { "a/index.ts": ENTRY("a") },
    );
    const result = await build(dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'build failed: exports["./a"].require must be ./dist/a/index.cjs (the import\'s file as .cjs), got "./dist/a/other.cjs"\n',
    );
    expect((await readdir(dir)).sort()).toEqual([
      "a",
      "build.mjs",
      "node_modules",
      "package.json",
      "tsconfig.json",
    ]);
  });

  it("links each entry with a require condition into one self-contained CommonJS file beside its ES module", async () => {
    const dir = await makePackage(
      "two-entries-cjs",
      {
        "./a": {
          types: "./dist/a/index.d.ts",
          import: "./dist/a/index.js",
          require: "./dist/a/index.cjs",
        },
        "./b": { types: "./dist/b/index.d.ts", import: "./dist/b/index.js" },
      },
      { "a/index.ts": ENTRY("a"), "b/index.ts": ENTRY("b"), "shared/util.ts": SHARED },
    );
    const result = await build(dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(", 1 CommonJS entry,");
    expect((await readdir(path.join(dir, "dist", "a"))).sort()).toEqual([
      "index.cjs",
      "index.d.ts",
      "index.js",
    ]);
    expect((await readdir(path.join(dir, "dist", "b"))).sort()).toEqual(["index.d.ts", "index.js"]);
    expect(
      (await readdir(path.join(dir, "dist", "shared"))).filter((f) => f.endsWith(".cjs")),
    ).toEqual([]);
    // Node's require of ES modules off: the file is CommonJS, and it holds the shared module itself.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        "--no-experimental-require-module",
        "-e",
        `const a = require("./dist/a/index.cjs"); console.log(JSON.stringify([a.a(), new a.AppError("x") instanceof Error]));`,
      ],
      { cwd: dir },
    );
    expect(JSON.parse(stdout)).toEqual(["[a]", true]);
    const meta = JSON.parse(
      await readFile(path.join(dir, ".build", "bundle-meta-cjs.json"), "utf8"),
    ) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    expect(Object.keys(meta.outputs)).toEqual(["dist/a/index.cjs"]);
    expect(Object.keys(meta.outputs["dist/a/index.cjs"]!.inputs).sort()).toEqual([
      ".build/js/a/index.js",
      ".build/js/shared/util.js",
    ]);
  }, 90_000);
});

describe("packing the generated package", () => {
  it("builds it first: a pack never ships without dist/", async () => {
    const dir = path.join(work, "packed");
    await cp(path.join(PROJECT_ROOT, "generated"), dir, {
      recursive: true,
      filter: (src) => !/[\\/](dist|\.build|node_modules)$/.test(src),
    });
    await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const { npmChildEnv } = await import("../../scripts/build-package.js");
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const { stdout } = await promisify(execFile)(
      npm,
      ["pack", "--dry-run", "--json", "--ignore-scripts=false"],
      { cwd: dir, env: npmChildEnv(), maxBuffer: 64 * 1024 * 1024 },
    );
    const [pack] = JSON.parse(stdout.slice(stdout.indexOf("["))) as { files: { path: string }[] }[];
    const files = pack!.files.map((f) => f.path);
    expect(files).toContain("dist/payments/index.js");
    expect(files).toContain("dist/payments/index.d.ts");
    expect(files.some((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toBe(false);
  });
});
