import { cp, mkdtemp, readdir, readFile, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";

/** Copies a folder creating its files in reverse order, so directory listings differ. */
async function copyReversed(from: string, to: string): Promise<void> {
  const entries = (await readdir(from, { withFileTypes: true })).reverse();
  await mkdir(to, { recursive: true });
  for (const e of entries) {
    if (e.isDirectory()) await copyReversed(path.join(from, e.name), path.join(to, e.name));
    else await writeFile(path.join(to, e.name), await readFile(path.join(from, e.name)));
  }
}

describe("deterministic output", () => {
  it("is byte-identical for identical input, whatever the file creation order", async () => {
    const a = await mkdtemp(path.join(tmpdir(), "paygen-det-a-"));
    const b = await mkdtemp(path.join(tmpdir(), "paygen-det-b-"));
    await cp(path.join(PROJECT_ROOT, "schemas"), path.join(a, "schemas"), { recursive: true });
    await copyReversed(path.join(PROJECT_ROOT, "schemas"), path.join(b, "schemas"));
    const first = await generate({ schemasDir: path.join(a, "schemas"), cwd: a });
    const second = await generate({ schemasDir: path.join(b, "schemas"), cwd: b });
    expect(second.files.map((f) => f.path)).toEqual(first.files.map((f) => f.path));
    for (const [i, f] of first.files.entries())
      expect(second.files[i]!.content, f.path).toBe(f.content);
  });
});
