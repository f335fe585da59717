import { readdir } from "node:fs/promises";
import path from "node:path";

/** Files under `dir` whose names end with `ending`, outside node_modules, sorted. */
export async function filesIn(dir: string, ending: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") out.push(...(await filesIn(full, ending)));
    } else if (entry.name.endsWith(ending)) out.push(full);
  }
  return out.sort();
}
