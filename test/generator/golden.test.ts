import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { FIXTURES, GOLDEN, generateFrom } from "../helpers/generate-fixture.js";

/**
 * Golden files: every generated file of each fixture schema has one expected
 * file under test/golden/FIXTURE/. They change only through `npm run test:update`.
 * The runtime is hand-written and copied as is, so it is compared to its source instead.
 */
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const fixtures = (await readdir(FIXTURES, { withFileTypes: true })).filter((d) => d.isDirectory() && !d.name.startsWith("invalid")).map((d) => d.name).sort();

async function listGolden(dir: string): Promise<string[]> {
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

describe.each(fixtures)("golden output of fixture %s", (fixture) => {
  it("matches test/golden file by file", async () => {
    const { files } = await generateFrom(path.join(FIXTURES, fixture));
    const generated = files.filter((f) => !f.path.startsWith("runtime/"));
    const goldenDir = path.join(GOLDEN, fixture);
    if (UPDATE) {
      await rm(goldenDir, { recursive: true, force: true });
      for (const f of generated) {
        const target = path.join(goldenDir, f.path);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, f.content);
      }
    }
    expect(generated.map((f) => f.path)).toEqual(await listGolden(goldenDir));
    for (const f of generated) {
      expect(f.content, f.path).toBe(await readFile(path.join(goldenDir, f.path), "utf8"));
    }
  });

  it("ships the runtime byte for byte", async () => {
    const { files } = await generateFrom(path.join(FIXTURES, fixture));
    const runtime = files.filter((f) => f.path.startsWith("runtime/"));
    expect(runtime.length).toBeGreaterThan(0);
    for (const f of runtime) {
      const source = await readFile(path.join(PROJECT_ROOT, "generator", f.path), "utf8");
      expect(f.content, f.path).toBe(source);
    }
  });
});
