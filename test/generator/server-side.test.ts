/**
 * The server side of a package (each service's `server.ts`, its answer
 * validators, the server runtime and the server entry) is generated only
 * when asked for (`server`, or `mock`, which implies it). Without it, the
 * package is the clients alone: the same files, less those, and it
 * type-checks on its own.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../generator/emit/generated-file.js";
import { generate, PROJECT_ROOT, type GenerateOptions } from "../../generator/generate.js";
import { FIXTURES } from "../helpers/generate-fixture.js";
import { writePackage } from "../helpers/temp-package.js";
import { typeCheckPackage } from "../helpers/type-check.js";

/** Whether a file is of the server side: a service's server module or answer validators, or the server runtime. */
const serverSide = (file: string): boolean =>
  /^[^/]+\/(server|answer-validators)\.ts$/.test(file) || file.startsWith("runtime/server/");

async function generated(
  fixture: string,
  options: Pick<GenerateOptions, "server" | "mock"> = {},
): Promise<Map<string, string>> {
  const { files } = await generate({
    schemasDir: path.join(FIXTURES, fixture),
    cwd: PROJECT_ROOT,
    ...options,
  });
  return new Map(files.map((f: GeneratedFile) => [f.path, f.content]));
}

/** The keys of the manifest's `exports`. */
const exportKeys = (files: ReadonlyMap<string, string>): string[] =>
  Object.keys((JSON.parse(files.get("package.json")!) as { exports: object }).exports);

describe.each([
  { fixture: "rest-basic", service: "wallet" },
  { fixture: "soap-basic", service: "shop" },
])("the package of the fixture $fixture", ({ fixture, service }) => {
  it("without the server side: no server file, no server runtime, no server entry, and it type-checks", async () => {
    const files = await generated(fixture);
    const paths = [...files.keys()];
    expect(paths.filter(serverSide)).toEqual([]);
    expect(paths).toContain(`${service}/client.ts`);
    expect(exportKeys(files)).toEqual([`./${service}`, "./http-signature"]);
    for (const [file, content] of files)
      expect(content, file).not.toMatch(/from "[./]+(server|answer-validators)\.js"|server\//);
    expect(files.get("README.md")).toContain("`paygen generate --server`");
    const pkg = await writePackage([...files].map(([p, content]) => ({ path: p, content })));
    const checked = await typeCheckPackage(pkg.root);
    expect(checked.out).toBe("");
    expect(checked.code).toBe(0);
  }, 120_000);

  it("with it: the same files besides the server side, and the server entry", async () => {
    const clients = await generated(fixture);
    const full = await generated(fixture, { server: true });
    const paths = [...full.keys()];
    expect(paths).toContain(`${service}/server.ts`);
    expect(paths.filter((p) => p.startsWith("runtime/server/")).length).toBeGreaterThan(0);
    expect(paths.filter((p) => !serverSide(p))).toEqual([...clients.keys()]);
    // What describes the package (its manifest, its README, the record of its formatted files) names the server side too.
    const describing = new Set(["package.json", "README.md", ".paygen-format.json"]);
    for (const [file, content] of clients)
      if (!describing.has(file)) expect(full.get(file), file).toBe(content);
    expect(exportKeys(full)).toEqual([`./${service}`, `./${service}/server`, "./http-signature"]);
    expect(full.get("README.md")).toContain("Each service also has a server entry");
  }, 120_000);

  it("a mock implies the server side", async () => {
    const mocked = await generated(fixture, { mock: { seed: 1 } });
    expect(mocked.get(`${service}/server.ts`)).toContain(`export function create`);
    expect(mocked.get(`${service}/server.ts`)).toMatch(/export function create\w+Mock\(/);
    expect(exportKeys(mocked)).toContain(`./${service}/server`);
  }, 120_000);
});
