import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

const run = promisify(execFile);

describe("generated/ type-checks", () => {
  it("passes tsc --noEmit in strict mode", async () => {
    const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", path.join(PROJECT_ROOT, "generated", "tsconfig.json"), "--noEmit"], { cwd: PROJECT_ROOT }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  });
});
