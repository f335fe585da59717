import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { npmChildEnv } from "../../scripts/build-package.js";

const exec = promisify(execFile);
const CONTRACT = path.join(
  PROJECT_ROOT,
  "test",
  "frontends",
  "openapi",
  "fixtures",
  "description",
  "pets-3.0.yaml",
);

/** Runs a command; its exit code and output, never a throw. */
async function run(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await exec(command, [...args], {
      cwd,
      env: npmChildEnv(),
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === "number" ? e.code : 1,
      stdout: e.stdout ?? "",
      stderr: e.stderr ?? "",
    };
  }
}

/**
 * paygen as a team gets it: packed (`npm pack`, which bundles the generator
 * into dist/), installed from the tarball into an empty project (its
 * dependencies from the npm cache `npm ci` filled, so no network is needed),
 * and run there through npx, with none of this checkout's sources or
 * development tools.
 */
describe("the packed generator, installed in an empty project", () => {
  let root: string;
  let app: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "paygen-installed-"));
    const packed = await run("npm", ["pack", "--pack-destination", root, "--json"], PROJECT_ROOT);
    expect(packed.stderr.includes("ERR!"), packed.stderr).toBe(false);
    expect(packed.code).toBe(0);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    app = path.join(root, "app");
    await mkdir(app);
    await writeFile(
      path.join(app, "package.json"),
      `${JSON.stringify({ name: "app", version: "1.0.0", private: true })}\n`,
    );
    const installed = await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(root, filename)],
      app,
    );
    expect(installed.stderr.includes("ERR!"), installed.stderr).toBe(false);
    expect(installed.code).toBe(0);
  }, 600_000);

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("holds the bundle, the runtime and the templates, and no generator sources", async () => {
    const pkg = path.join(app, "node_modules", "paygen");
    expect((await readdir(pkg)).sort()).toEqual([
      "README.md",
      "dist",
      "generator",
      "package.json",
      "scripts",
      "templates",
    ]);
    expect((await readdir(path.join(pkg, "generator"))).sort()).toEqual([
      "build-script",
      "runtime",
    ]);
    expect(await readdir(path.join(pkg, "dist"))).toContain("cli.mjs");
  });

  it("answers npx paygen --version with its package's version", async () => {
    const { version } = JSON.parse(
      await readFile(path.join(PROJECT_ROOT, "package.json"), "utf8"),
    ) as { version: string };
    const result = await run("npx", ["paygen", "--version"], app);
    expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  }, 120_000);

  it("lists every command with its options under npx paygen --help", async () => {
    const result = await run("npx", ["paygen", "--help"], app);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(
      /\ngenerate:\n {2}usage: paygen generate [^]*\ndiff:\n {2}usage: paygen diff /,
    );
  }, 120_000);

  it("generates a client package from a contract with npx paygen generate --from", async () => {
    const result = await run(
      "npx",
      ["paygen", "generate", "--from", CONTRACT, "--out", "clients"],
      app,
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^paygen: 1 services, \d+ types, 3 operations, \d+ files written to clients\/ in \d+ ms\n$/,
    );
    const manifest = JSON.parse(
      await readFile(path.join(app, "clients", "package.json"), "utf8"),
    ) as { generator: string; exports: Record<string, unknown> };
    expect(manifest.generator).toBe("paygen");
    expect(Object.keys(manifest.exports)).toContain("./pet-store");
  }, 300_000);

  it("and that package (REST only) declares what it imports: npm install in it alone is enough to build it", async () => {
    const clients = path.join(app, "clients");
    const manifest = JSON.parse(await readFile(path.join(clients, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies).toEqual({});
    const installed = await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline"],
      clients,
    );
    expect(installed.stderr.includes("ERR!"), installed.stderr).toBe(false);
    expect(installed.code).toBe(0);
    const built = await run("npm", ["run", "build"], clients);
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    expect(await readdir(path.join(clients, "dist", "pet-store"))).toContain("index.js");
  }, 600_000);
});
