import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { CONTRACT_FIXTURES } from "../helpers/contract-fixtures.js";
import { FIXTURES, GOLDEN, generateFrom } from "../helpers/generate-fixture.js";

/**
 * Golden files: every generated file of each fixture schema has one expected
 * file under test/golden/FIXTURE/. They change only through `npm run test:update`.
 * The runtime is hand-written and copied as is, so it is compared to its source instead.
 */
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const fixtures = (await readdir(FIXTURES, { withFileTypes: true }))
  .filter((d) => d.isDirectory() && !d.name.startsWith("invalid"))
  .map((d) => d.name)
  .sort();

/** Every file under `dir`, as sorted paths relative to it; none when `dir` does not exist. */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(r);
      else out.push(r);
    }
  }
  await walk("");
  return out.sort();
}

const RUNTIME_SOURCE = path.join(PROJECT_ROOT, "generator", "runtime");

/** The files of generator/runtime/ that ship: all of them but the runtime's own tests. */
async function runtimeSources(): Promise<string[]> {
  const sources = (await listFiles(RUNTIME_SOURCE)).filter((f) => !f.endsWith(".test.ts"));
  expect(sources.length).toBeGreaterThan(0);
  return sources;
}

/** `generated` is the golden folder file by file (written there first with UPDATE_GOLDEN=1). */
async function expectGolden(
  generated: readonly { readonly path: string; readonly content: string }[],
  goldenDir: string,
): Promise<void> {
  if (UPDATE) {
    await rm(goldenDir, { recursive: true, force: true });
    for (const f of generated) {
      const target = path.join(goldenDir, f.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, f.content);
    }
  }
  expect(generated.map((f) => f.path)).toEqual(await listFiles(goldenDir));
  for (const f of generated)
    expect(f.content, f.path).toBe(await readFile(path.join(goldenDir, f.path), "utf8"));
}

// The goldens are of packages with the server side, so they hold every file paygen writes; the clients-only package is tested by test/generator/server-side.test.ts.
describe.each(fixtures)("golden output of fixture %s", (fixture) => {
  it("matches test/golden file by file", async () => {
    const { files } = await generateFrom(path.join(FIXTURES, fixture), { server: true });
    const generated = files.filter((f) => !f.path.startsWith("runtime/"));
    await expectGolden(generated, path.join(GOLDEN, fixture));
  });

  it("ships the runtime byte for byte: files of generator/runtime/ (those its code reaches), and nothing else", async () => {
    const { files } = await generateFrom(path.join(FIXTURES, fixture), { server: true });
    const sources = await runtimeSources();
    const shipped = files.filter((f) => f.path.startsWith("runtime/"));
    expect(
      shipped.map((f) => f.path.slice("runtime/".length)).filter((f) => !sources.includes(f)),
    ).toEqual([]);
    expect(shipped.map((f) => f.path)).toContain("runtime/http/http-signature.ts");
    for (const f of shipped) {
      const source = await readFile(
        path.join(RUNTIME_SOURCE, f.path.slice("runtime/".length)),
        "utf8",
      );
      expect(f.content, f.path).toBe(source);
    }
  });
});

/**
 * Golden output of contracts read by the other front ends: each fixture's
 * service files (the runtime is checked above) under test/golden-contracts/NAME/.
 */
const CONTRACT_GOLDEN = path.join(PROJECT_ROOT, "test", "golden-contracts");

const SHARED_FILES: ReadonlySet<string> = new Set([
  "build.mjs",
  "tsconfig.json",
  ".paygen-format.json",
]);

describe.each(CONTRACT_FIXTURES)(
  "golden output of the contract fixture $name",
  ({ name, file }) => {
    it("matches test/golden-contracts file by file", async () => {
      const { files } = await generate({
        schemasDir: path.join(PROJECT_ROOT, "schemas"),
        from: [path.relative(PROJECT_ROOT, file)],
        cwd: PROJECT_ROOT,
        server: true,
      });
      // What the contract decides: its services, README and package manifest. The build script and tsconfig are the same for every package (the YAML goldens hold them).
      const generated = files.filter(
        (f) => !f.path.startsWith("runtime/") && !SHARED_FILES.has(f.path),
      );
      await expectGolden(generated, path.join(CONTRACT_GOLDEN, name));
    });
  },
);

describe("the runtime of the generated package", () => {
  it("is files of generator/runtime/ byte for byte, and nothing else", async () => {
    const sources = await runtimeSources();
    const shippedDir = path.join(PROJECT_ROOT, "generated", "runtime");
    const shipped = await listFiles(shippedDir);
    expect(shipped.filter((f) => !sources.includes(f))).toEqual([]);
    expect(shipped.length).toBeGreaterThan(0);
    for (const rel of shipped) {
      const shipped = await readFile(path.join(shippedDir, rel));
      expect(shipped.equals(await readFile(path.join(RUNTIME_SOURCE, rel))), rel).toBe(true);
    }
  });
});
