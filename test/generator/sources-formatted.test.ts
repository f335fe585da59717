/**
 * The project's own sources are laid out by prettier, with the options the
 * generated files use (`.prettierrc.json` holds `FORMAT_OPTIONS`): run
 * `npm run format` after editing.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { FORMAT_OPTIONS } from "../../generator/format/format-files.js";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { listFiles } from "../../generator/write/write-atomic.js";

const FOLDERS = ["generator", "test", "scripts", "sandbox"];
const IGNORED = /^test\/(golden|golden-contracts|fixtures)\//;

async function sources(): Promise<string[]> {
  const out: string[] = [];
  for (const folder of FOLDERS) {
    for (const file of await listFiles(path.join(PROJECT_ROOT, folder))) {
      const relative = path.posix.join(folder, file.split(path.sep).join("/"));
      if (/\.(ts|mjs)$/.test(relative) && !IGNORED.test(relative)) out.push(relative);
    }
  }
  return out.sort();
}

describe("the project's sources", () => {
  it("use the generator's format options", async () => {
    const config = JSON.parse(
      await readFile(path.join(PROJECT_ROOT, ".prettierrc.json"), "utf8"),
    ) as Record<string, unknown>;
    for (const [key, value] of Object.entries(config))
      expect(FORMAT_OPTIONS[key as keyof typeof FORMAT_OPTIONS], key).toBe(value);
  });

  it("are formatted by prettier", { timeout: 300_000 }, async () => {
    const unformatted: string[] = [];
    for (const file of await sources()) {
      const text = await readFile(path.join(PROJECT_ROOT, file), "utf8");
      if (!(await prettier.check(text, { ...FORMAT_OPTIONS, filepath: file })))
        unformatted.push(file);
    }
    expect(unformatted).toEqual([]);
  });
});
