import path from "node:path";
import { listFiles } from "../../generator/write/write-atomic.js";

/** Files under `dir` whose names end with `ending`, as absolute paths, in the order of `listFiles` (the output walker). */
export async function filesIn(dir: string, ending: string): Promise<string[]> {
  return (await listFiles(dir))
    .filter((file) => file.endsWith(ending))
    .map((file) => path.join(dir, ...file.split("/")));
}
