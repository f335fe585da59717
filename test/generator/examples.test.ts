import { execFile } from "node:child_process";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

const run = promisify(execFile);

/** The README examples (templates/examples/) compile against the generated package, as a consumer would import it. */
describe("README examples", () => {
  it("type-check against generated/ in strict mode", async () => {
    const examples = (await readdir(path.join(PROJECT_ROOT, "templates", "examples"))).filter((f) =>
      f.endsWith(".ts"),
    );
    expect(examples.sort()).toEqual(["payments.ts", "search.ts", "subscriptions.ts"]);
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-examples-"));
    const config = {
      extends: path.join(PROJECT_ROOT, "generated", "tsconfig.json"),
      compilerOptions: {
        noEmit: true,
        rootDir: PROJECT_ROOT,
        paths: {
          "paygen-clients/http-signature": [
            path.join(PROJECT_ROOT, "generated", "runtime", "http", "http-signature.ts"),
          ],
          "paygen-clients/*": [path.join(PROJECT_ROOT, "generated", "*", "index.ts")],
        },
        types: ["node"],
        typeRoots: [path.join(PROJECT_ROOT, "node_modules", "@types")],
      },
      include: [path.join(PROJECT_ROOT, "templates", "examples", "*.ts")],
    };
    await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(config));
    const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], {
      cwd: PROJECT_ROOT,
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  });
});
