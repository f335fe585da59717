import { mkdir, mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

/** Every file below `dir`, as bytes, with every folder (so an emptied folder shows). */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(rel: string): Promise<void> {
    for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out[`${r}/`] = "";
        await walk(r);
      } else out[r] = (await readFile(path.join(dir, r))).toString("base64");
    }
  }
  await walk("");
  return out;
}

async function run(args: string[], cwd?: string): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const before = process.cwd();
  if (cwd !== undefined) process.chdir(cwd);
  try {
    const code = await main(args, (m) => out.push(m), (m) => err.push(m));
    return { code, out, err };
  } finally {
    process.chdir(before);
  }
}

/** A temporary folder holding `out/`, a package generated from the soap-basic fixture. */
async function withGeneratedOutput(): Promise<{ dir: string; before: Record<string, string> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-input-"));
  const first = await run(["--schemas", path.join(FIXTURES, "soap-basic"), "--out", path.join(dir, "out")]);
  expect(first.code).toBe(0);
  await writeFile(path.join(dir, "out", "stray.txt"), "a file of the user's");
  return { dir, before: await snapshot(dir) };
}

describe("the generate command refuses a schema folder without services", () => {
  it("an empty schema folder is an error naming it, and the output is left byte for byte", async () => {
    const { dir, before } = await withGeneratedOutput();
    await mkdir(path.join(dir, "empty"));
    const failed = await run(["--schemas", "empty", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.out).toEqual([]);
    expect(failed.err).toEqual([
      "paygen: the schema folder empty/ holds no service (expected empty/SERVICE/service.yaml); nothing was written",
    ]);
    expect(await snapshot(dir)).toEqual({ ...before, "empty/": "" });
  });

  it("a missing schema folder is an error naming it, and the output is left byte for byte", async () => {
    const { dir, before } = await withGeneratedOutput();
    const failed = await run(["--schemas", "nowhere", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual(["paygen: the schema folder nowhere/ does not exist; nothing was written"]);
    expect(await snapshot(dir)).toEqual(before);
  });

  it("a schema folder that is a file is an error naming it", async () => {
    const { dir, before } = await withGeneratedOutput();
    await writeFile(path.join(dir, "schemas.yaml"), "types: {}\n");
    const failed = await run(["--schemas", "schemas.yaml", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual(["paygen: the schema folder schemas.yaml/ is not a folder; nothing was written"]);
    expect(await snapshot(dir)).toEqual({ ...before, "schemas.yaml": Buffer.from("types: {}\n").toString("base64") });
  });

  it("a schema folder with folders and other files but no schema file is an error, and nothing is written", async () => {
    const { dir, before } = await withGeneratedOutput();
    await mkdir(path.join(dir, "schemas", "shop"), { recursive: true });
    await writeFile(path.join(dir, "schemas", "README.md"), "# schemas\n");
    await writeFile(path.join(dir, "schemas", "shop", "notes.txt"), "later\n");
    const failed = await run(["--schemas", "schemas", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual([
      "paygen: the schema folder schemas/ holds no service (expected schemas/SERVICE/service.yaml); nothing was written",
    ]);
    const after = await snapshot(dir);
    for (const key of Object.keys(after)) if (key.startsWith("schemas/")) delete after[key];
    expect(after).toEqual(before);
  });

  it("a schema folder with only top-level files is a positioned error, and nothing is written", async () => {
    const { dir, before } = await withGeneratedOutput();
    await mkdir(path.join(dir, "schemas"));
    await writeFile(path.join(dir, "schemas", "types.yaml"), "types: {}\n");
    const failed = await run(["--schemas", "schemas", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual([
      "schemas/types.yaml:1:1: schema files belong in a service folder: schemas/SERVICE/FILE.yaml",
      "paygen: 1 problem in the schemas; nothing was written",
    ]);
    const after = await snapshot(dir);
    delete after["schemas/"];
    delete after["schemas/types.yaml"];
    expect(after).toEqual(before);
  });

  it("without an output folder, a failed run creates none", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-input-"));
    await mkdir(path.join(dir, "empty"));
    const failed = await run(["--schemas", "empty", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(await readdir(dir)).toEqual(["empty"]);
  });
});
