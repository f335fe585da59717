import { createHash } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORMAT_MANIFEST, formatFiles } from "../../generator/format/format-files.js";

const sha = (t: string) => createHash("sha256").update(t).digest("hex");
const source = { path: "svc/a.ts", content: "export const   a = 1" };

describe("formatting", () => {
  it("formats with fixed options and records input and output hashes", async () => {
    const out = await formatFiles([source]);
    expect(out.map((f) => f.path)).toEqual([FORMAT_MANIFEST, "svc/a.ts"]);
    expect(out[1]!.content).toBe("export const a = 1;\n");
    const manifest = JSON.parse(out[0]!.content) as {
      files: Record<string, { input: string; output: string }>;
    };
    expect(manifest.files["svc/a.ts"]!.output).toBe(sha("export const a = 1;\n"));
  });

  it("passes a file printed in final layout through without prettier, and records no hash of it", async () => {
    // Text prettier would change: seeing it back proves prettier did not run on it.
    const final = { path: "svc/b.ts", content: "export const   b = 2", layout: "final" as const };
    const out = await formatFiles([source, final]);
    expect(out.find((f) => f.path === "svc/b.ts")!.content).toBe("export const   b = 2");
    expect(out.find((f) => f.path === "svc/a.ts")!.content).toBe("export const a = 1;\n");
    const manifest = JSON.parse(out.find((f) => f.path === FORMAT_MANIFEST)!.content) as {
      files: Record<string, unknown>;
    };
    expect(Object.keys(manifest.files)).toEqual(["svc/a.ts"]);
  });

  it("reuses a previous file only while it is exactly what was recorded", async () => {
    const first = await formatFiles([source]);
    const manifest = JSON.parse(first[0]!.content) as {
      about: string;
      files: Record<string, { input: string; output: string }>;
    };
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-format-"));
    await mkdir(path.join(dir, "svc"));
    // Content prettier would never print, recorded with a matching hash: seeing it back proves reuse.
    const planted = "export const a = 1; // reused\n";
    await writeFile(path.join(dir, "svc", "a.ts"), planted);
    await writeFile(
      path.join(dir, FORMAT_MANIFEST),
      JSON.stringify({
        ...manifest,
        files: { "svc/a.ts": { input: manifest.files["svc/a.ts"]!.input, output: sha(planted) } },
      }),
    );
    expect(
      (await formatFiles([source], { previousDir: dir })).find((f) => f.path === "svc/a.ts")!
        .content,
    ).toBe(planted);
    // A hand edit no longer matches the recorded hash: the file is formatted again.
    await writeFile(path.join(dir, "svc", "a.ts"), "export const a = 2; // edited\n");
    expect(
      (await formatFiles([source], { previousDir: dir })).find((f) => f.path === "svc/a.ts")!
        .content,
    ).toBe("export const a = 1;\n");
    // A different input is formatted again too.
    const changed = { path: "svc/a.ts", content: "export const   a = 3" };
    expect(
      (await formatFiles([changed], { previousDir: dir })).find((f) => f.path === "svc/a.ts")!
        .content,
    ).toBe("export const a = 3;\n");
  });
});
