import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

const run = promisify(execFile);

/** `tsc --noEmit` on a project; its output and exit code. */
async function typecheck(project: string): Promise<{ code: number; out: string }> {
  const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
  return run(process.execPath, [tsc, "-p", project, "--noEmit"], {
    cwd: PROJECT_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
  );
}

describe("the project type-checks", () => {
  // The generator, the sandbox, the scripts and the tests against today's generated/: this is what
  // enforces every `@ts-expect-error` a test writes about the generated types (a sale that says
  // capture false, a reversal built from a request...).
  it("the generator, sandbox, scripts and tests pass tsc --noEmit in strict mode", async () => {
    const result = await typecheck(path.join(PROJECT_ROOT, "tsconfig.json"));
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  }, 600_000);
});

describe("generated/ type-checks", () => {
  it("passes tsc --noEmit in strict mode", async () => {
    const result = await typecheck(path.join(PROJECT_ROOT, "generated", "tsconfig.json"));
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  }, 600_000);
});
