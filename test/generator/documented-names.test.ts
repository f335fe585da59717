import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

/**
 * Every name the source documents use (listed by hand from the documents in
 * test/documented-names/SERVICE.txt) appears in the generated code of that service.
 */
const listDir = path.join(PROJECT_ROOT, "test", "documented-names");
const lists = (await readdir(listDir)).filter((f) => f.endsWith(".txt")).sort();

async function serviceText(service: string): Promise<string> {
  const dir = path.join(PROJECT_ROOT, "generated", service);
  const files = (await readdir(dir)).filter((f) => f.endsWith(".ts")).sort();
  return (await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")))).join("\n");
}

describe.each(lists)("documented names of %s", (list) => {
  it("all appear in the generated code", async () => {
    const service = list.replace(/\.txt$/, "");
    const names = (await readFile(path.join(listDir, list), "utf8"))
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    expect(names.length).toBeGreaterThan(20);
    const text = await serviceText(service);
    const missing = names.filter((n) => !text.includes(n));
    expect(missing).toEqual([]);
  });
});
