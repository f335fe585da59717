import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { PROJECT_ROOT } from "../../generator/project-paths.js";

const run = promisify(execFile);
const TSC = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");

/**
 * `tsc --noEmit` over the generated package in `root` with its own
 * tsconfig.json (strict): its exit code and what it printed (the errors).
 */
export async function typeCheckPackage(root: string): Promise<{ code: number; out: string }> {
  return run(process.execPath, [TSC, "-p", path.join(root, "tsconfig.json"), "--noEmit"], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
  );
}
