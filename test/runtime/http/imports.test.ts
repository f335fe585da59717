import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = fileURLToPath(new URL("../../../generator/runtime/http/", import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));

function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^"'`;]*?from\s*["']([^"']+)["']/gm)].map(
    (m) => m[1] ?? "",
  );
}

describe("runtime http sources", () => {
  it("import only each other with .js suffixes: no node: module (the signer uses Web Crypto)", () => {
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(dir + file, "utf8"))) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\.?\/[\w./-]+\.js$/);
      }
    }
  });

  it("does not re-export the signer from the index", () => {
    const index = readFileSync(dir + "index.ts", "utf8");
    expect(importsOf(index)).not.toContain("./http-signature.js");
  });
});
