import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

/** `npm run generate -- ARGS`: the launcher, which runs the generator's bundle (building it when the sources changed). */
function launch(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(PROJECT_ROOT, "scripts", "paygen.mjs"), ...args],
      { cwd: PROJECT_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the bundled generator (what `npm run generate` runs)", () => {
  it("writes byte for byte what the TypeScript sources generate", async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), "paygen-bundle-")), "out");
    const schemas = path.join(FIXTURES, "soap-basic");
    const written = await launch(["generate", "--schemas", schemas, "--out", out]);
    expect(written.stderr).toBe("");
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(
      /^paygen: 1 services, 20 types, 3 operations, \d+ files written to /,
    );
    // The sources, run in this process, find nothing to change.
    const err: string[] = [];
    expect(
      await main(
        ["--schemas", schemas, "--out", out, "--check"],
        () => {},
        (m) => err.push(m),
      ),
    ).toBe(0);
    expect(err).toEqual([]);
  });

  it("runs the diff command, and says what is wrong with an unknown command", async () => {
    const diff = await launch(["diff", "--help"]);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toMatch(/^usage: paygen diff /);
    const unknown = await launch(["constructor"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^paygen: unknown command "constructor"\nusage: paygen <command> \[options\]\n[^]*\ngenerate:\n {2}usage: paygen generate [^]*\ndiff:\n {2}usage: paygen diff /,
    );
  });
});
